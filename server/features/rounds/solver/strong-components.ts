/**
 * Tarjan's strongly connected components without recursion (a million-edge graph would overflow
 * the call stack). Every loop lies inside one component, which is what makes this useful twice:
 * to drop wants that can never trade, and to see which items can trade in some optimal answer.
 */
export type Components = {
  /** Component of each node; numbered in reverse topological order. */
  component: Int32Array;
  size: Int32Array;
  count: number;
};

/**
 * Node v's arcs are e in [arcStart[v], arcEnd[v]) and `arcTarget(e)` gives each one's head; a
 * negative head means "no arc here", which lets callers filter and re-map without copying.
 */
export function strongComponents(
  n: number,
  arcStart: Int32Array,
  arcEnd: Int32Array,
  arcTarget: (e: number) => number,
): Components {
  const order = new Int32Array(n).fill(-1);
  const low = new Int32Array(n);
  const component = new Int32Array(n).fill(-1);
  const stack = new Int32Array(n);
  const callNode = new Int32Array(n);
  const callArc = new Int32Array(n);
  const sizes: number[] = [];
  let stackTop = 0;
  let counter = 0;

  for (let root = 0; root < n; root++) {
    if (order[root] !== -1) continue;
    let depth = 0;
    callNode[0] = root;
    callArc[0] = arcStart[root] ?? 0;
    order[root] = low[root] = counter++;
    stack[stackTop++] = root;
    while (depth >= 0) {
      const v = callNode[depth] ?? 0;
      const arc = callArc[depth] ?? 0;
      if (arc < (arcEnd[v] ?? 0)) {
        callArc[depth] = arc + 1;
        const w = arcTarget(arc);
        if (w < 0) continue;
        if (order[w] === -1) {
          order[w] = low[w] = counter++;
          stack[stackTop++] = w;
          depth++;
          callNode[depth] = w;
          callArc[depth] = arcStart[w] ?? 0;
        } else if (component[w] === -1 && (order[w] ?? 0) < (low[v] ?? 0)) {
          low[v] = order[w] ?? 0;
        }
        continue;
      }
      if (low[v] === order[v]) {
        const id = sizes.length;
        let size = 0;
        let w: number;
        do {
          w = stack[--stackTop] ?? 0;
          component[w] = id;
          size++;
        } while (w !== v);
        sizes.push(size);
      }
      depth--;
      if (depth >= 0) {
        const parent = callNode[depth] ?? 0;
        if ((low[v] ?? 0) < (low[parent] ?? 0)) low[parent] = low[v] ?? 0;
      }
    }
  }
  return { component, size: Int32Array.from(sizes), count: sizes.length };
}
