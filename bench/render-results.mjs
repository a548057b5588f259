// Writes results/bench.md and results/scale.md again from the JSON files (after a change to how they are shown).
import { saveResults } from './lib/common.mjs';
import { renderBenchMarkdown } from './render.mjs';
import { renderScaleMarkdown } from './scale.mjs';

saveResults('bench', {}, renderBenchMarkdown);
saveResults('scale', {}, renderScaleMarkdown);
