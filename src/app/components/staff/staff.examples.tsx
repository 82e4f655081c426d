import type { Locale } from "../../i18n";
import type { StaffPostProps } from "./StaffForm";
import type { StaffColumn, StaffRow } from "./StaffTable";

/** Named examples of the staff console's table and form, in English and Spanish (staff.test.tsx). */
export interface StaffTableExample {
  locale: Locale;
  columns: StaffColumn[];
  rows: StaffRow[];
}

export const staffTableExamples: Record<string, StaffTableExample> = {
  services: {
    locale: "en",
    columns: [
      { label: "Service" },
      { label: "New", numeric: true },
      { label: "In progress", numeric: true },
      { label: "Done", numeric: true },
    ],
    rows: [
      {
        key: "demo-dog-licence",
        cells: [
          <a key="service" href="/staff/services/demo-dog-licence">
            Apply for a dog licence
          </a>,
          3,
          1,
          12,
        ],
      },
    ],
  },
  refusedFields: {
    locale: "es",
    columns: [{ label: "Pregunta" }, { label: "Pantalla" }, { label: "Rechazadas", numeric: true }],
    rows: [
      { key: "applicant/email", cells: ["Correo electrónico", "Sus datos", 4] },
      { key: "residency/lives", cells: ["¿Vive en Cedarport?", "Residencia", 1] },
    ],
  },
};

export interface StaffFormExample {
  locale: Locale;
  id: string;
  heading: string;
  post: Omit<StaffPostProps, "children">;
  field: { id: string; label: string };
  button: string;
}

export const staffFormExamples: Record<string, StaffFormExample> = {
  note: {
    locale: "en",
    id: "staff-note",
    heading: "Note for staff",
    post: { action: "/staff/submissions/HXR47KPT", csrf: "token-1", intent: "note" },
    field: { id: "staff-internal-note", label: "Note (staff only)" },
    button: "Add the note",
  },
  assign: {
    locale: "es",
    id: "staff-assign",
    heading: "Asignar",
    post: { action: "/staff/submissions/HXR47KPT?lang=es", csrf: "token-2", intent: "assign" },
    field: { id: "staff-assignee", label: "Asignar a (correo electrónico)" },
    button: "Guardar",
  },
};
