import type { RoundTrade } from '../../../../shared/rounds';
import { displayName } from '../../../lib/format';

const SIZE = 300;
const CENTER = SIZE / 2;
const RADIUS = 105;
const NODE = 24;

const point = (k: number, n: number) => {
  const angle = (2 * Math.PI * k) / n - Math.PI / 2;
  return { x: CENTER + RADIUS * Math.cos(angle), y: CENTER + RADIUS * Math.sin(angle) };
};
const shorten = (text: string, max: number) =>
  text.length > max ? `${text.slice(0, max - 1).trimEnd()}…` : text;
const initials = (name: string) =>
  name
    .split(/\s+/)
    .map((word) => word[0] ?? '')
    .join('')
    .slice(0, 2)
    .toUpperCase();

export function describeLoop(legs: readonly RoundTrade[], me: string | undefined): string {
  const name = (user: RoundTrade['giver']) => (user.id === me ? 'you' : displayName(user));
  return legs
    .map((leg) => `${name(leg.giver)} → “${leg.item.title}” → ${name(leg.receiver)}`)
    .join('; ');
}

/**
 * One loop as a ring: each member a node, each hand-over an arrow from giver to receiver, solid
 * once received. The label says the same in words; the list beside it names every listing.
 */
export function LoopPicture({ legs, me }: { legs: readonly RoundTrade[]; me?: string }) {
  const n = legs.length;
  return (
    <svg
      viewBox={`0 0 ${SIZE} ${SIZE}`}
      role="img"
      aria-label={`Trade loop: ${describeLoop(legs, me)}.`}
      className="mx-auto w-full max-w-[16rem]"
    >
      <defs>
        <marker
          id="loop-arrow"
          viewBox="0 0 10 10"
          refX="9"
          refY="5"
          markerWidth="7"
          markerHeight="7"
          orient="auto-start-reverse"
        >
          <path d="M0 0 L10 5 L0 10 z" className="fill-brand-700" />
        </marker>
      </defs>
      {legs.map((leg, k) => {
        const from = point(k, n);
        const to = point((k + 1) % n, n);
        const dx = to.x - from.x;
        const dy = to.y - from.y;
        const length = Math.hypot(dx, dy) || 1;
        const ux = dx / length;
        const uy = dy / length;
        return (
          <line
            key={leg.entryId}
            x1={from.x + ux * (NODE + 3)}
            y1={from.y + uy * (NODE + 3)}
            x2={to.x - ux * (NODE + 5)}
            y2={to.y - uy * (NODE + 5)}
            className="stroke-brand-700"
            strokeWidth={2}
            strokeDasharray={leg.receivedAt ? undefined : '6 4'}
            markerEnd="url(#loop-arrow)"
          />
        );
      })}
      {legs.map((leg, k) => {
        const { x, y } = point(k, n);
        const mine = leg.giver.id === me;
        return (
          <g key={`node-${leg.entryId}`}>
            <circle
              cx={x}
              cy={y}
              r={NODE}
              className={mine ? 'fill-brand-700' : 'fill-white stroke-brand-700'}
              strokeWidth={2}
            />
            <text
              x={x}
              y={y + 5}
              textAnchor="middle"
              className={mine ? 'fill-white text-sm font-bold' : 'fill-brand-900 text-sm font-bold'}
            >
              {mine ? 'You' : initials(displayName(leg.giver))}
            </text>
            <text
              x={x}
              y={y + NODE + 16}
              textAnchor="middle"
              className="fill-stone-700 text-[11px]"
            >
              {shorten(leg.item.title, 18)}
            </text>
          </g>
        );
      })}
    </svg>
  );
}
