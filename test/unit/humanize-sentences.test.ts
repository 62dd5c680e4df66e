import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { sentencesWithoutCounterpart } from '../../server/engines/humanize/index.ts';

const ORIGINAL = 'The council approved the new budget after a long debate. Residents welcomed the extra funding for parks and libraries. Critics warned about rising maintenance costs.';

describe('sentence rule (sentencesWithoutCounterpart)', () => {
  it('lets boundaries move: a split and a join drop and add nothing', () => {
    const split = 'The council approved the new budget. That came after a long debate. Residents welcomed the extra funding for parks and libraries, though critics warned about rising maintenance costs.';
    assert.deepEqual(sentencesWithoutCounterpart(ORIGINAL, split), { dropped: 0, added: 0 });
  });

  it('counts a sentence whose content went', () => {
    const cut = 'The council approved the new budget after a long debate. Critics warned about rising maintenance costs.';
    assert.deepEqual(sentencesWithoutCounterpart(ORIGINAL, cut), { dropped: 1, added: 0 });
  });

  it('counts a sentence that was made up', () => {
    const padded = `${ORIGINAL} Everyone agrees this marks a historic turning point for our vibrant community.`;
    assert.deepEqual(sentencesWithoutCounterpart(ORIGINAL, padded), { dropped: 0, added: 1 });
  });
});
