/**
 * Incremental visibility index for a questionnaire: evaluates section and question conditions once,
 * then on each answer change re-evaluates only the conditions that (transitively) depend on it.
 *
 * Dependency model: a condition that reads question T depends on T's answer, on T's own condition
 * and on the condition of T's section (a hidden question reads as `null`). Refs that close a cycle
 * in that graph (including a condition reading its own question, or a section condition reading a
 * question inside the same section) always read as `null`. The remaining graph is acyclic, so
 * conditions are evaluated in topological order and every update terminates, evaluating each
 * condition at most once.
 */
import { compileCondition, type CompiledCondition, type Ref } from './evaluate.ts';

export interface VisibilitySection {
  key: string;
  condition?: string | null;
  questions: { key: string; condition?: string | null }[];
}

export interface VisibilityIndex {
  /** current visibility; key format `section` for sections and `section.question` for questions */
  isSectionVisible(section: string): boolean;
  /** false when its section is hidden */
  isQuestionVisible(section: string, question: string): boolean;
  /**
   * Recompute after the answer of section.question changed; returns the keys whose visibility flipped
   * (`section` and/or `section.question`; a flipped section also lists its questions whose
   * `isQuestionVisible` flipped with it).
   */
  update(section: string, question: string): string[];
  /** how many condition evaluations have run in total */
  readonly evaluations: number;
}

/** Sentinel for a ref that always reads as null (unknown target or cyclic). */
const NULL_TARGET = -1;

/** Binary min-heap of node ids keyed by rank. */
class RankQueue {
  private readonly heap: number[] = [];
  constructor(private readonly rank: Int32Array) {}
  get size(): number {
    return this.heap.length;
  }
  push(id: number): void {
    const h = this.heap;
    const rank = this.rank;
    let i = h.length;
    h.push(id);
    while (i > 0) {
      const p = (i - 1) >> 1;
      const pid = h[p]!;
      if (rank[pid]! <= rank[id]!) break;
      h[i] = pid;
      i = p;
    }
    h[i] = id;
  }
  pop(): number {
    const h = this.heap;
    const rank = this.rank;
    const top = h[0]!;
    const last = h.pop()!;
    const n = h.length;
    if (n > 0) {
      let i = 0;
      for (;;) {
        const l = 2 * i + 1;
        if (l >= n) break;
        const r = l + 1;
        const c = r < n && rank[h[r]!]! < rank[h[l]!]! ? r : l;
        if (rank[h[c]!]! >= rank[last]!) break;
        h[i] = h[c]!;
        i = c;
      }
      h[i] = last;
    }
    return top;
  }
}

/**
 * Build a visibility index. Ref resolution: `section.question` is that question; a bare `question`
 * is the question with that key in the condition owner's own section if present, else the first
 * question with that key in declaration order; anything else reads `null`. A hidden question (or a
 * question of a hidden section) reads `null`; refs that form a dependency cycle always read `null`.
 * Duplicate section keys / duplicate question keys within a section: the first one wins, later ones are
 * ignored. Unknown sections are reported visible; unknown questions follow their section.
 * Evaluations run in dependency order, each condition at most once per `update`, so updates terminate.
 * `getAnswer` may throw (the answer then reads `null`); `undefined` means unanswered.
 */
export function createVisibilityIndex(
  sections: readonly VisibilitySection[],
  getAnswer: (section: string, question: string) => unknown,
): VisibilityIndex {
  // ---- nodes: sections first, then questions --------------------------------------------------
  const nodeKey: string[] = []; // `section` or `section.question`
  const nodeSection: number[] = []; // for questions: section node id; for sections: itself
  const nodeQuestionKey: (string | null)[] = [];
  const conds: (CompiledCondition | null)[] = [];
  const sectionIds = new Map<string, number>();
  const sectionQuestionIds = new Map<number, Map<string, number>>();
  const sectionQuestions: number[][] = [];
  const firstQuestionByKey = new Map<string, number>();

  const condOf = (c: string | null | undefined): CompiledCondition | null =>
    typeof c === 'string' && c.trim() !== '' ? compileCondition(c) : null;

  const sectionList = Array.isArray(sections) ? sections : [];
  const validSections: VisibilitySection[] = [];
  for (const s of sectionList) {
    if (s === null || typeof s !== 'object' || typeof s.key !== 'string' || sectionIds.has(s.key)) continue;
    const id = nodeKey.length;
    sectionIds.set(s.key, id);
    nodeKey.push(s.key);
    nodeSection.push(id);
    nodeQuestionKey.push(null);
    conds.push(condOf(s.condition));
    sectionQuestionIds.set(id, new Map());
    validSections.push(s);
  }
  const sectionCount = nodeKey.length;
  for (let sid = 0; sid < sectionCount; sid++) {
    const s = validSections[sid]!;
    const qmap = sectionQuestionIds.get(sid)!;
    const list: number[] = [];
    for (const q of Array.isArray(s.questions) ? s.questions : []) {
      if (q === null || typeof q !== 'object' || typeof q.key !== 'string' || qmap.has(q.key)) continue;
      const id = nodeKey.length;
      qmap.set(q.key, id);
      if (!firstQuestionByKey.has(q.key)) firstQuestionByKey.set(q.key, id);
      nodeKey.push(`${s.key}.${q.key}`);
      nodeSection.push(sid);
      nodeQuestionKey.push(q.key);
      conds.push(condOf(q.condition));
      list.push(id);
    }
    sectionQuestions.push(list);
  }
  const nodeCount = nodeKey.length;

  // ---- ref resolution -----------------------------------------------------------------------------
  const resolveTarget = (owner: number, ref: Ref): number => {
    if (ref.section !== null) {
      const sid = sectionIds.get(ref.section);
      if (sid === undefined) return NULL_TARGET;
      return sectionQuestionIds.get(sid)!.get(ref.question) ?? NULL_TARGET;
    }
    const own = sectionQuestionIds.get(nodeSection[owner]!)!.get(ref.question);
    if (own !== undefined) return own;
    return firstQuestionByKey.get(ref.question) ?? NULL_TARGET;
  };

  // per node: the compiled refs in order, and their resolved targets
  const targets: Int32Array[] = [];
  for (let id = 0; id < nodeCount; id++) {
    const c = conds[id];
    const refs = c ? c.refs : [];
    const t = new Int32Array(refs.length);
    for (let k = 0; k < refs.length; k++) t[k] = resolveTarget(id, refs[k]!);
    targets.push(t);
  }

  // ---- dependency graph + Tarjan SCC (iterative) ------------------------------------------------------
  // edge owner -> target question node, owner -> target's section node
  const edges: number[][] = [];
  for (let id = 0; id < nodeCount; id++) {
    const out: number[] = [];
    for (const t of targets[id]!) {
      if (t === NULL_TARGET) continue;
      out.push(t, nodeSection[t]!);
    }
    edges.push(out);
  }
  const sccOf = new Int32Array(nodeCount).fill(-1);
  {
    const indexOf = new Int32Array(nodeCount).fill(-1);
    const low = new Int32Array(nodeCount);
    const onStack = new Uint8Array(nodeCount);
    const stack: number[] = [];
    let counter = 0;
    let sccCount = 0;
    const callStack: { v: number; e: number }[] = [];
    for (let root = 0; root < nodeCount; root++) {
      if (indexOf[root] !== -1) continue;
      callStack.push({ v: root, e: 0 });
      indexOf[root] = low[root] = counter++;
      stack.push(root);
      onStack[root] = 1;
      while (callStack.length > 0) {
        const frame = callStack[callStack.length - 1]!;
        const v = frame.v;
        const out = edges[v]!;
        if (frame.e < out.length) {
          const w = out[frame.e++]!;
          if (indexOf[w] === -1) {
            indexOf[w] = low[w] = counter++;
            stack.push(w);
            onStack[w] = 1;
            callStack.push({ v: w, e: 0 });
          } else if (onStack[w]) {
            low[v] = Math.min(low[v]!, indexOf[w]!);
          }
          continue;
        }
        callStack.pop();
        const parent = callStack[callStack.length - 1];
        if (parent !== undefined) low[parent.v] = Math.min(low[parent.v]!, low[v]!);
        if (low[v] === indexOf[v]) {
          let w: number;
          do {
            w = stack.pop()!;
            onStack[w] = 0;
            sccOf[w] = sccCount;
          } while (w !== v);
          sccCount++;
        }
      }
    }
  }
  // Tarjan emits SCCs dependencies-first, so the SCC index is a valid evaluation rank.
  const rank = sccOf;

  // Null out refs that stay inside their owner's SCC; build reverse dependencies for the rest.
  const dependents: number[][] = Array.from({ length: nodeCount }, () => []);
  const refTargetMaps: Map<Ref, number>[] = [];
  for (let id = 0; id < nodeCount; id++) {
    const c = conds[id];
    const t = targets[id]!;
    const map = new Map<Ref, number>();
    if (c) {
      for (let k = 0; k < t.length; k++) {
        let target = t[k]!;
        if (
          target !== NULL_TARGET &&
          (sccOf[target] === sccOf[id] || sccOf[nodeSection[target]!] === sccOf[id])
        ) {
          target = NULL_TARGET;
        }
        map.set(c.refs[k]!, target);
        if (target !== NULL_TARGET) {
          const list = dependents[target]!;
          if (list[list.length - 1] !== id) list.push(id);
        }
      }
    }
    refTargetMaps.push(map);
  }

  // ---- state ----------------------------------------------------------------------------------------
  const own = new Uint8Array(nodeCount).fill(1); // result of the node's own condition
  let evaluations = 0;

  const effectiveVisible = (id: number): boolean => own[id] === 1 && own[nodeSection[id]!] === 1;

  const readQuestion = (target: number): unknown => {
    if (!effectiveVisible(target)) return null;
    const v = getAnswer(nodeKey[nodeSection[target]!]!, nodeQuestionKey[target]!);
    return v === undefined ? null : v;
  };

  const resolvers = refTargetMaps.map((map) => (ref: Ref): unknown => {
    const target = map.get(ref);
    return target === undefined || target === NULL_TARGET ? null : readQuestion(target);
  });

  const evalNode = (id: number): boolean => {
    const c = conds[id];
    if (!c) return true;
    evaluations++;
    return c.evaluate(resolvers[id]!);
  };

  // initial evaluation in rank order
  const order = Array.from({ length: nodeCount }, (_, i) => i).sort((a, b) => rank[a]! - rank[b]!);
  for (const id of order) own[id] = evalNode(id) ? 1 : 0;

  // ---- queries / updates ----------------------------------------------------------------------------
  const queue = new RankQueue(rank);
  const queued = new Uint8Array(nodeCount);
  const enqueueDependents = (target: number): void => {
    for (const d of dependents[target]!) {
      if (queued[d] === 0) {
        queued[d] = 1;
        queue.push(d);
      }
    }
  };

  return {
    isSectionVisible(section: string): boolean {
      const sid = sectionIds.get(section);
      return sid === undefined ? true : own[sid] === 1;
    },
    isQuestionVisible(section: string, question: string): boolean {
      const sid = sectionIds.get(section);
      if (sid === undefined) return true;
      const qid = sectionQuestionIds.get(sid)!.get(question);
      return qid === undefined ? own[sid] === 1 : effectiveVisible(qid);
    },
    update(section: string, question: string): string[] {
      const sid = sectionIds.get(section);
      if (sid === undefined) return [];
      const qid = sectionQuestionIds.get(sid)!.get(question);
      // a hidden question reads as null before and after the change: nothing can flip
      if (qid === undefined || !effectiveVisible(qid)) return [];
      // effective visibility of every node whose visibility may change, recorded before its first change
      const before = new Map<number, boolean>();
      const remember = (id: number): void => {
        if (!before.has(id)) before.set(id, id < sectionCount ? own[id] === 1 : effectiveVisible(id));
      };
      enqueueDependents(qid);
      while (queue.size > 0) {
        const id = queue.pop();
        queued[id] = 0;
        const next = evalNode(id) ? 1 : 0;
        if (next === own[id]) continue;
        remember(id);
        if (id < sectionCount) {
          for (const q of sectionQuestions[id]!) remember(q);
          own[id] = next;
          // the read value of every question of the section with a true own condition changed
          for (const q of sectionQuestions[id]!) if (own[q] === 1) enqueueDependents(q);
        } else {
          own[id] = next;
          if (own[nodeSection[id]!] === 1) enqueueDependents(id);
        }
      }
      const flipped: string[] = [];
      for (const [id, was] of before) {
        const now = id < sectionCount ? own[id] === 1 : effectiveVisible(id);
        if (now !== was) flipped.push(nodeKey[id]!);
      }
      return flipped;
    },
    get evaluations(): number {
      return evaluations;
    },
  };
}
