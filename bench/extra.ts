/** Benchmarks of other parts (search, workflows), each a module that reports rows. */
export async function extraBenchmarks(): Promise<[string, string | number, string][]> {
  const rows: [string, string | number, string][] = [];
  return rows;
}
