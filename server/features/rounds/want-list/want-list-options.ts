/**
 * TradeMaximizer's `#!` options, as organisers write them. The ones that change how a want
 * list is read or reported are honoured; ITERATIONS, METRIC and SHRINK only steer
 * TradeMaximizer's own randomised search, which an exact solver does not need, so they are
 * accepted and recorded.
 */

export type PriorityScheme = 'none' | 'linear' | 'triangle' | 'square' | 'explicit';

export type WantListOptions = {
  /** Every option as written, upper-cased, in order (the report repeats them). */
  declared: string[];
  allowDummies: boolean;
  requireColons: boolean;
  requireUsernames: boolean;
  caseSensitive: boolean;
  hideLoops: boolean;
  hideSummary: boolean;
  hideNonTrades: boolean;
  hideErrors: boolean;
  hideRepeats: boolean;
  hideStats: boolean;
  showMissing: boolean;
  sortByItem: boolean;
  showElapsedTime: boolean;
  priorities: PriorityScheme;
  smallStep: number;
  bigStep: number;
  seed?: number;
};

export const defaultOptions = (): WantListOptions => ({
  declared: [],
  allowDummies: false,
  requireColons: false,
  requireUsernames: false,
  caseSensitive: false,
  hideLoops: false,
  hideSummary: false,
  hideNonTrades: false,
  hideErrors: false,
  hideRepeats: false,
  hideStats: false,
  showMissing: false,
  sortByItem: false,
  showElapsedTime: false,
  priorities: 'none',
  smallStep: 1,
  bigStep: 9,
});

const FLAGS: Record<string, (o: WantListOptions) => void> = {
  'ALLOW-DUMMIES': (o) => {
    o.allowDummies = true;
  },
  'REQUIRE-COLONS': (o) => {
    o.requireColons = true;
  },
  'REQUIRE-USERNAMES': (o) => {
    o.requireUsernames = true;
  },
  'CASE-SENSITIVE': (o) => {
    o.caseSensitive = true;
  },
  'HIDE-LOOPS': (o) => {
    o.hideLoops = true;
  },
  'HIDE-SUMMARY': (o) => {
    o.hideSummary = true;
  },
  'HIDE-NONTRADES': (o) => {
    o.hideNonTrades = true;
  },
  'HIDE-ERRORS': (o) => {
    o.hideErrors = true;
  },
  'HIDE-REPEATS': (o) => {
    o.hideRepeats = true;
  },
  'HIDE-STATS': (o) => {
    o.hideStats = true;
  },
  'SHOW-MISSING': (o) => {
    o.showMissing = true;
  },
  'SORT-BY-ITEM': (o) => {
    o.sortByItem = true;
  },
  'SHOW-ELAPSED-TIME': (o) => {
    o.showElapsedTime = true;
  },
  'LINEAR-PRIORITIES': (o) => {
    o.priorities = 'linear';
  },
  'TRIANGLE-PRIORITIES': (o) => {
    o.priorities = 'triangle';
  },
  'SQUARE-PRIORITIES': (o) => {
    o.priorities = 'square';
  },
  'EXPLICIT-PRIORITIES': (o) => {
    o.priorities = 'explicit';
  },
  // TradeMaximizer's own search controls: no effect on an exact answer.
  'SHRINK-VERBOSE': () => {},
  VERBOSE: () => {},
  DEBUG: () => {},
};

const VALUED: Record<string, { pattern: RegExp; apply: (o: WantListOptions, n: number) => void }> =
  {
    'SMALL-STEP': {
      pattern: /^\d+$/,
      apply: (o, n) => {
        o.smallStep = n;
      },
    },
    'BIG-STEP': {
      pattern: /^\d+$/,
      apply: (o, n) => {
        o.bigStep = n;
      },
    },
    SEED: {
      pattern: /^[1-9]\d*$/,
      apply: (o, n) => {
        o.seed = n;
      },
    },
    ITERATIONS: { pattern: /^[1-9]\d*$/, apply: () => {} },
    SHRINK: { pattern: /^\d$/, apply: () => {} },
  };

const METRICS =
  /^(USERS-TRADING|USERS-SOS|CHAIN-SIZES-SOS|FAVOR-USER=.+)(,(USERS-TRADING|USERS-SOS|CHAIN-SIZES-SOS|FAVOR-USER=.+))*$/;

/**
 * Applies one option word; returns a warning for words that are not understood (the option is
 * then ignored), or an error for a known option with a malformed value.
 */
export function applyOption(
  options: WantListOptions,
  word: string,
): { warning?: string; error?: string } {
  const flag = FLAGS[word];
  if (flag) {
    flag(options);
    options.declared.push(word);
    return {};
  }
  const equals = word.indexOf('=');
  const name = equals < 0 ? word : word.slice(0, equals);
  const value = equals < 0 ? '' : word.slice(equals + 1);
  if (name === 'METRIC') {
    if (!METRICS.test(value)) return { error: `Unknown metric option "${value}"` };
    options.declared.push(word);
    return {};
  }
  if (name === 'NONTRADE-COST') {
    return {
      warning: `Option "${word}" is not supported (it trades fewer items on purpose): ignored`,
    };
  }
  if (name === 'SCALED-PRIORITIES' && equals < 0) {
    return { error: 'SCALED-PRIORITIES is no longer supported by TradeMaximizer' };
  }
  const valued = VALUED[name];
  if (valued && equals >= 0) {
    if (!valued.pattern.test(value))
      return {
        error: `${name} argument must be ${name === 'SHRINK' ? 'a single digit' : name === 'SEED' || name === 'ITERATIONS' ? 'a positive integer' : 'a non-negative integer'}`,
      };
    valued.apply(options, Number(value));
    options.declared.push(word);
    return {};
  }
  return { warning: `Unknown option "${word}": ignored` };
}
