/**
 * A binary min-heap of node numbers keyed by float64, with decrease-key: Dijkstra over a
 * million arcs without allocating per entry.
 */
export class IndexedHeap {
  private readonly heap: Int32Array;
  private readonly position: Int32Array;
  readonly key: Float64Array;
  private length = 0;

  constructor(capacity: number) {
    this.heap = new Int32Array(capacity);
    this.position = new Int32Array(capacity).fill(-1);
    this.key = new Float64Array(capacity);
  }

  get size(): number {
    return this.length;
  }

  has(node: number): boolean {
    return (this.position[node] ?? -1) >= 0;
  }

  clear(): void {
    for (let k = 0; k < this.length; k++) this.position[this.heap[k] ?? 0] = -1;
    this.length = 0;
  }

  /** Inserts the node, or lowers its key; a higher key is ignored. */
  push(node: number, key: number): void {
    let at = this.position[node] ?? -1;
    if (at < 0) {
      at = this.length++;
    } else if (key >= (this.key[node] ?? 0)) {
      return;
    }
    this.key[node] = key;
    this.siftUp(node, at);
  }

  pop(): number {
    const top = this.heap[0] ?? -1;
    this.position[top] = -1;
    const last = this.heap[--this.length] ?? 0;
    if (this.length > 0) this.siftDown(last, 0);
    return top;
  }

  private siftUp(node: number, from: number): void {
    const key = this.key[node] ?? 0;
    let at = from;
    while (at > 0) {
      const parentAt = (at - 1) >> 1;
      const parent = this.heap[parentAt] ?? 0;
      if ((this.key[parent] ?? 0) <= key) break;
      this.heap[at] = parent;
      this.position[parent] = at;
      at = parentAt;
    }
    this.heap[at] = node;
    this.position[node] = at;
  }

  private siftDown(node: number, from: number): void {
    const key = this.key[node] ?? 0;
    let at = from;
    for (;;) {
      let child = 2 * at + 1;
      if (child >= this.length) break;
      const right = child + 1;
      if (
        right < this.length &&
        (this.key[this.heap[right] ?? 0] ?? 0) < (this.key[this.heap[child] ?? 0] ?? 0)
      )
        child = right;
      const childNode = this.heap[child] ?? 0;
      if ((this.key[childNode] ?? 0) >= key) break;
      this.heap[at] = childNode;
      this.position[childNode] = at;
      at = child;
    }
    this.heap[at] = node;
    this.position[node] = at;
  }
}
