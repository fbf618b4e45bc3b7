// Which split-history events change the share count: the rule lives in model/split-ratio.ts (the
// XBRL layer's splits found in the share counts use it too); re-exported for market/.
export { isShareSplit, splitOfRatio } from '../model/split-ratio.js';
