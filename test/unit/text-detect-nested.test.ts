import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { pairFolds } from '../../scripts/lib/text-detect-nested.ts';
import { registerGroupOf, type CorpusDoc } from '../../scripts/lib/text-detect-recipe.ts';
import { bandOf } from '../../server/engines/text-detect/model.ts';

function doc(id: string, domain: string, y: number, excerpt = false): CorpusDoc {
  return {
    row: { id, text: '', label: y ? 'ai' : 'human', domain, generator: y ? 'gpt-4' : 'human', attack: 'none', source_repo: 'test' },
    source: 'extra',
    y,
    words: 100,
    band: bandOf(100),
    family: y ? 'openai-gpt-4' : 'human',
    half: 0,
    part: 0,
    ...(excerpt ? { excerpt: true } : {}),
  };
}

describe('text-detect doubly held-out folds', () => {
  // Four register groups: answers (chat, qa-answer), news, fiction, speech; one excerpt in news.
  const docs = [
    doc('c1', 'chat', 1),
    doc('q1', 'qa-answer', 0),
    doc('q2', 'qa-answer', 1),
    doc('n1', 'xsum-news', 0),
    doc('n2', 'newspaper', 1),
    doc('n2#excerpt', 'newspaper', 1, true),
    doc('f1', 'fiction-modern', 0),
    doc('s1', 'overheard-dialogue', 0),
  ];
  const train = docs.map((_, i) => i);
  const groupOf = (d: CorpusDoc): string => registerGroupOf(d.row.domain);
  const folds = pairFolds(docs, train, groupOf);

  it('forms one fold per unordered pair of groups', () => {
    assert.deepEqual(
      folds.map((f) => f.group),
      ['answers+fiction', 'answers+news', 'answers+speech', 'fiction+news', 'fiction+speech', 'news+speech'],
    );
  });

  it('trains without both groups of the pair and scores exactly their texts, excerpts left unscored', () => {
    for (const f of folds) {
      const pair = new Set(f.group.split('+'));
      assert.ok(f.train.every((i) => !pair.has(groupOf(docs[i]))), f.group);
      assert.deepEqual(
        [...f.train, ...f.held].sort((a, b) => a - b),
        train.filter((i) => !(pair.has(groupOf(docs[i])) && docs[i].excerpt)),
        f.group,
      );
      assert.ok(f.held.every((i) => pair.has(groupOf(docs[i])) && !docs[i].excerpt), f.group);
    }
    // Every text except the excerpt is scored once for each group other than its own.
    const timesScored = new Map<number, number>();
    for (const f of folds) for (const i of f.held) timesScored.set(i, (timesScored.get(i) ?? 0) + 1);
    for (const i of train) assert.equal(timesScored.get(i) ?? 0, docs[i].excerpt ? 0 : 3, docs[i].row.id);
  });
});
