/** Figures shared by the evaluations (scripts/eval/). */

/** Area under the ROC curve (ties count half). `y` is 1 for the positive class (AI, or a real photo when ranking P(real)). */
export function auc(scores: ArrayLike<number>, y: ArrayLike<number>): number {
  const n = scores.length;
  const order = Array.from({ length: n }, (_, i) => i).sort((a, b) => scores[a] - scores[b]);
  let pos = 0;
  let neg = 0;
  let rankSum = 0;
  let i = 0;
  while (i < n) {
    let j = i;
    while (j + 1 < n && scores[order[j + 1]] === scores[order[i]]) j++;
    const avgRank = (i + j) / 2 + 1;
    for (let k = i; k <= j; k++) if (y[order[k]] === 1) rankSum += avgRank;
    i = j + 1;
  }
  for (let k = 0; k < n; k++) {
    if (y[k] === 1) pos++;
    else neg++;
  }
  if (pos === 0 || neg === 0) return NaN;
  return (rankSum - (pos * (pos + 1)) / 2) / (pos * neg);
}
