/**
 * Shared by the worst-case benchmarks: run each case at size N and 2N in the same run, best of
 * five interleaved rounds (background load hits both alike), and print the growth ratio. A
 * linear algorithm takes about twice as long at 2N, a quadratic one about four times.
 *
 * @module
 */

/** One input family: `run(n)` prepares size n and returns the work to time, which returns a count. */
export interface GrowthCase {
  name: string;
  n: number;
  run: (n: number) => () => number;
}

/**
 * Measure every case at N and 2N and print one line each.
 *
 * @param title First line (the benchmark's name).
 * @param cases The input families.
 * @param counted What the returned count is, for the line's end (`findings`, `found`).
 */
export function reportGrowth(title: string, cases: readonly GrowthCase[], counted: string): void {
  console.log(`${title}: each input at size N and 2N, best of 5 (linear: 2N/N ≈ 2x; quadratic: ≈ 4x)`);
  const width = Math.max(...cases.map((c) => c.name.length));
  for (const c of cases) {
    const small = c.run(c.n);
    const large = c.run(2 * c.n);
    let a = Infinity;
    let b = Infinity;
    // Processor time too: on a machine shared with other work, wall time grows with the load, not only with N.
    let cpuA = Infinity;
    let cpuB = Infinity;
    const cpuMs = (since: NodeJS.CpuUsage): number => {
      const u = process.cpuUsage(since);
      return (u.user + u.system) / 1000;
    };
    let count = 0;
    for (let round = 0; round < 5; round++) {
      let t = performance.now();
      let cpu = process.cpuUsage();
      small();
      a = Math.min(a, performance.now() - t);
      cpuA = Math.min(cpuA, cpuMs(cpu));
      t = performance.now();
      cpu = process.cpuUsage();
      count = large();
      b = Math.min(b, performance.now() - t);
      cpuB = Math.min(cpuB, cpuMs(cpu));
    }
    console.log(`  ${c.name.padEnd(width)} N=${String(c.n).padStart(5)} ${a.toFixed(0).padStart(6)} ms   2N ${b.toFixed(0).padStart(6)} ms   ratio ${(b / a).toFixed(2)}x (goal <= 3x)   cpu ${cpuA.toFixed(0)} / ${cpuB.toFixed(0)} ms   ${count} ${counted} at 2N`);
  }
}
