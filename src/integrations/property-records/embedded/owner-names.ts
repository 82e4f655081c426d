/**
 * Names for the demo owners. A Midwestern city's owners come from many places, and first and last
 * names go together more often than not, so names are drawn in groups; the weights are a rough picture
 * of such a city, not a census.
 */

export interface NameGroup {
  weight: number;
  first: readonly string[];
  last: readonly string[];
}

// biome-ignore format: long name lists read better packed than one name a line
export const NAME_GROUPS: readonly NameGroup[] = [
  {
    weight: 44,
    first: [
      "James", "Mary", "Robert", "Patricia", "John", "Jennifer", "Michael", "Linda", "David", "Elizabeth",
      "William", "Barbara", "Richard", "Susan", "Joseph", "Jessica", "Thomas", "Sarah", "Christopher",
      "Karen", "Daniel", "Lisa", "Matthew", "Nancy", "Anthony", "Betty", "Mark", "Sandra", "Donald",
      "Ashley", "Steven", "Emily", "Andrew", "Donna", "Joshua", "Michelle", "Kevin", "Carol", "Brian",
      "Amanda", "Ryan", "Melissa", "Jacob", "Deborah", "Gary", "Stephanie", "Dale", "Dorothy", "Tyler",
      "Rebecca", "Brandon", "Laura", "Kyle", "Heather", "Wesley", "Megan", "Dustin", "Brittany", "Ethan",
      "Olivia", "Noah", "Emma", "Logan", "Madison", "Caleb", "Abigail", "Connor", "Grace", "Scott",
      "Kathleen",
    ],
    last: [
      "Smith", "Johnson", "Williams", "Brown", "Jones", "Miller", "Davis", "Wilson", "Anderson", "Taylor",
      "Thomas", "Moore", "Martin", "Thompson", "White", "Clark", "Lewis", "Walker", "Young", "Allen", "King",
      "Wright", "Scott", "Hill", "Green", "Adams", "Baker", "Nelson", "Carter", "Mitchell", "Roberts",
      "Turner", "Phillips", "Campbell", "Parker", "Evans", "Edwards", "Collins", "Stewart", "Morris",
      "Murphy", "Cook", "Rogers", "Morgan", "Cooper", "Peterson", "Reed", "Bailey", "Kelly", "Howard",
      "Ward", "Cox", "Richardson", "Wood", "Watson", "Bennett", "Gray", "Hughes", "Price", "Sanders",
      "Myers", "Long", "Ross", "Foster", "Hutchins", "Schneider", "Mueller", "Wagner", "Becker", "Hoffman",
      "Schmidt", "Koch", "Sullivan", "McCarthy", "Gallagher", "Brennan", "O'Brien", "Russo", "Romano",
      "Ricci", "Lindqvist", "Johansson", "Larsen", "Kowalski", "Nowak", "Horvath", "Yoder", "Hochstetler",
      "Stoltzfus", "Bauer",
    ],
  },
  {
    weight: 24,
    first: [
      "Andre", "Keisha", "Darnell", "Tamika", "Jamal", "Latoya", "Terrence", "Monique", "Marcus", "Tanya",
      "DeShawn", "Aaliyah", "Malik", "Imani", "Jerome", "Ebony", "Reginald", "Shanice", "Tyrone", "Jasmine",
      "Cedric", "Denise", "Kendrick", "Brianna", "Xavier", "Nia", "Willie", "Gloria", "Curtis", "Dorothy",
      "Harold", "Bernice", "Calvin", "Yolanda", "Lamar", "Tiana",
    ],
    last: [
      "Washington", "Jefferson", "Jackson", "Banks", "Freeman", "Coleman", "Brooks", "Bell", "Whitfield",
      "Hayes", "Simmons", "Tucker", "Gaines", "Dixon", "Holloway", "Robinson", "Harris", "Mack", "Pruitt",
      "Booker", "Ellis", "Fields", "Goodwin", "Terrell", "Merriweather", "Porter", "Hampton", "Jenkins",
      "Grant", "Sims",
    ],
  },
  {
    weight: 14,
    first: [
      "María", "José", "Juan", "Guadalupe", "Luis", "Carmen", "Carlos", "Ana", "Jorge", "Rosa", "Miguel",
      "Sofía", "Alejandro", "Lucía", "Javier", "Elena", "Diego", "Gabriela", "Ricardo", "Verónica",
      "Fernando", "Isabel", "Raúl", "Marisol", "Héctor", "Adriana",
    ],
    last: [
      "García", "Martínez", "Rodríguez", "Hernández", "López", "González", "Pérez", "Sánchez", "Ramírez",
      "Torres", "Flores", "Rivera", "Gómez", "Díaz", "Delgado", "Morales", "Ortiz", "Castillo", "Vargas",
      "Mendoza", "Romero", "Herrera", "Medina", "Aguilar", "Ruiz", "Núñez", "Salazar", "Cruz",
    ],
  },
  {
    weight: 5,
    first: [
      "Wei", "Mei", "Jun", "Hana", "Hiroshi", "Yuki", "Minh", "Linh", "Thanh", "Huong", "Ji-woo", "Seo-yeon",
      "Min-jun", "Jia", "Hao", "Lan", "Kenji", "Sakura", "Tuan", "Thu",
    ],
    last: [
      "Nguyen", "Tran", "Le", "Pham", "Chen", "Wang", "Li", "Zhang", "Liu", "Kim", "Park", "Lee", "Choi",
      "Tanaka", "Yamamoto", "Sato", "Huang", "Vu",
    ],
  },
  {
    weight: 5,
    first: [
      "Priya", "Rahul", "Anjali", "Vikram", "Deepa", "Arjun", "Kavya", "Sanjay", "Meera", "Rohan", "Neha",
      "Amit", "Sunita", "Harpreet", "Gurpreet", "Aisha", "Imran", "Farhan",
    ],
    last: [
      "Patel", "Shah", "Singh", "Sharma", "Gupta", "Reddy", "Rao", "Iyer", "Desai", "Mehta", "Kaur", "Khan",
      "Chaudhry",
    ],
  },
  {
    weight: 4,
    first: [
      "Chinedu", "Ngozi", "Oluwaseun", "Adaeze", "Emeka", "Funmilayo", "Kwame", "Ama", "Kofi", "Abena",
      "Chidi", "Nkechi", "Tunde", "Yetunde", "Grace", "James",
    ],
    last: [
      "Okafor", "Adeyemi", "Okonkwo", "Mensah", "Asante", "Nwosu", "Balogun", "Eze", "Owusu", "Adebayo",
      "Boateng",
    ],
  },
  {
    weight: 2,
    first: [
      "Omar", "Fatima", "Ahmed", "Layla", "Yusuf", "Noor", "Khalil", "Rania", "Samir", "Amira", "Tariq",
      "Leila",
    ],
    last: ["Haddad", "Khoury", "Mansour", "Nasser", "Saleh", "Hassan", "Abboud", "Farah", "Aziz", "Karam"],
  },
  {
    weight: 2,
    first: [
      "Oksana", "Dmytro", "Katarzyna", "Piotr", "Olena", "Andriy", "Svetlana", "Nikolai", "Irina", "Bogdan",
    ],
    last: [
      "Kowalczyk", "Shevchenko", "Bondarenko", "Wiśniewski", "Petrov", "Kovalenko", "Zielinski", "Popescu",
    ],
  },
];

// biome-ignore format: as above
export const ORGANIZATION_NAMES = {
  first: [
    "Cedarport", "Harbor Point", "Midwest", "Hoosier", "Crossroads", "Lakeshore", "Riverbend", "Keystone",
    "Heartland", "Prairie", "Summit", "Northside", "Eastside", "Westside", "Southside", "Redbrick",
    "Cornerstone",
  ],
  second: [
    "Properties", "Rentals", "Holdings", "Homes", "Housing Partners", "Realty", "Investments",
    "Property Management", "Real Estate",
  ],
  form: ["LLC", "LLC", "LLC", "LLC", "Inc", "LP"],
} as const;
