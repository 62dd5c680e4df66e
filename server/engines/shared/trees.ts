/** Regression trees as the voice and image models store them (gradient-boosted, trained by their scripts). */

/**
 * A regression tree in flat arrays: node i splits on feature[i] (value <= threshold[i] goes to left[i],
 * else right[i]); feature[i] = -1 marks a leaf with value[i].
 */
export interface Tree { feature: number[]; threshold: number[]; left: number[]; right: number[]; value: number[] }

export function treeValue(tree: Tree, values: ArrayLike<number>): number {
  let i = 0;
  while (tree.feature[i] >= 0) i = values[tree.feature[i]] <= tree.threshold[i] ? tree.left[i] : tree.right[i];
  return tree.value[i];
}
