/** Relevance metrics over graded judgements: top-3 hit rate and nDCG@10. */

export interface Judgement {
  query: string;
  locale: string;
  /** <kind>/<slug> -> grade: 3 the answer, 2 also right, 1 related. */
  expected: Record<string, number>;
  tags: string[];
}

export interface QueryScore {
  judgement: Judgement;
  ranked: string[];
  top3: boolean;
  ndcg: number;
}

const TOP_GRADE = 3;

function dcg(grades: number[]): number {
  return grades.reduce((sum, grade, i) => sum + (2 ** grade - 1) / Math.log2(i + 2), 0);
}

/** Scores one query; expected items the index does not hold (e.g. a service not written yet) are left out. */
export function scoreQuery(
  judgement: Judgement,
  ranked: string[],
  exists: (key: string) => boolean,
): QueryScore {
  const expected = Object.entries(judgement.expected).filter(([key]) => exists(key));
  const grades = new Map(expected);
  const top = ranked.slice(0, 3).some((key) => grades.get(key) === TOP_GRADE);
  const ideal = dcg(
    expected
      .map(([, grade]) => grade)
      .sort((a, b) => b - a)
      .slice(0, 10),
  );
  const actual = dcg(ranked.slice(0, 10).map((key) => grades.get(key) ?? 0));
  return { judgement, ranked, top3: top, ndcg: ideal === 0 ? 1 : actual / ideal };
}

export function summarize(scores: QueryScore[]): { top3: number; ndcg: number; count: number } {
  const count = scores.length;
  return {
    count,
    top3: scores.filter((score) => score.top3).length / count,
    ndcg: scores.reduce((sum, score) => sum + score.ndcg, 0) / count,
  };
}
