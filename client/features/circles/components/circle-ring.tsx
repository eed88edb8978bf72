import type { Circle } from '../../../../shared/circles';
import { displayName } from '../../../lib/format';

const SIZE = 320;
const CENTER = SIZE / 2;
const RADIUS = 112;
const NODE = 30;

const point = (k: number, n: number, radius = RADIUS) => {
  const angle = (2 * Math.PI * k) / n - Math.PI / 2;
  return { x: CENTER + radius * Math.cos(angle), y: CENTER + radius * Math.sin(angle) };
};

const shorten = (text: string, max: number) =>
  text.length > max ? `${text.slice(0, max - 1).trimEnd()}…` : text;

/** Who gives to whom, as one sentence per leg: what the picture says, for screen readers too. */
export function describeCircle(circle: Circle, me: string): string {
  const name = (user: { id: string } & Parameters<typeof displayName>[0]) =>
    user.id === me ? 'you' : displayName(user);
  return circle.legs
    .map(
      (leg) =>
        `${name(leg.giver)} ${leg.giver.id === me ? 'give' : 'gives'} “${leg.item.title}” to ${name(leg.receiver)}`,
    )
    .join('; ');
}

/**
 * The loop drawn as a ring: each member a node, each leg a numbered arrow from giver to receiver
 * (dashed until received); the numbers match the list of legs. The viewer's node is filled.
 */
export function CircleRing({ circle, me }: { circle: Circle; me: string }) {
  const n = circle.legs.length;
  return (
    <svg
      viewBox={`0 0 ${SIZE} ${SIZE}`}
      role="img"
      aria-label={`Swap circle: ${describeCircle(circle, me)}.`}
      className="mx-auto w-full max-w-sm"
    >
      <defs>
        <marker
          id="circle-arrow"
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
      <circle
        cx={CENTER}
        cy={CENTER}
        r={RADIUS}
        className="fill-none stroke-stone-200"
        strokeWidth={2}
      />
      {circle.legs.map((leg, k) => {
        // Leg k goes from its giver (node k) to its receiver (node k - 1).
        const from = point(k, n);
        const to = point((k - 1 + n) % n, n);
        const dx = to.x - from.x;
        const dy = to.y - from.y;
        const length = Math.hypot(dx, dy);
        const ux = dx / length;
        const uy = dy / length;
        const start = { x: from.x + ux * (NODE + 4), y: from.y + uy * (NODE + 4) };
        const end = { x: to.x - ux * (NODE + 6), y: to.y - uy * (NODE + 6) };
        const middle = { x: (start.x + end.x) / 2, y: (start.y + end.y) / 2 };
        const done = leg.receivedAt !== null;
        return (
          <g key={leg.position}>
            <line
              x1={start.x}
              y1={start.y}
              x2={end.x}
              y2={end.y}
              strokeWidth={3}
              strokeDasharray={done ? undefined : '6 5'}
              className="stroke-brand-700"
              markerEnd="url(#circle-arrow)"
            />
            {/* The leg's number, as in the list of who gives what beside the ring. */}
            <circle
              cx={middle.x}
              cy={middle.y}
              r={13}
              className="fill-amber-100 stroke-amber-700"
              strokeWidth={1.5}
            />
            <text
              x={middle.x}
              y={middle.y}
              textAnchor="middle"
              dominantBaseline="central"
              className="fill-amber-900 text-[13px] font-bold"
            >
              {k + 1}
            </text>
          </g>
        );
      })}
      {circle.legs.map((leg, k) => {
        const at = point(k, n);
        const mine = leg.giver.id === me;
        const label = mine ? 'You' : shorten(displayName(leg.giver), 12);
        const below = at.y >= CENTER - 1;
        return (
          <g key={leg.giver.id}>
            <circle
              cx={at.x}
              cy={at.y}
              r={NODE}
              strokeWidth={2}
              className={mine ? 'fill-brand-700 stroke-brand-800' : 'fill-white stroke-brand-700'}
            />
            <text
              x={at.x}
              y={at.y}
              textAnchor="middle"
              dominantBaseline="central"
              className={
                mine ? 'fill-white text-[16px] font-bold' : 'fill-brand-800 text-[16px] font-bold'
              }
            >
              {label.slice(0, 1).toUpperCase()}
            </text>
            <text
              x={at.x}
              y={below ? at.y + NODE + 14 : at.y - NODE - 8}
              textAnchor="middle"
              className="fill-ink text-[13px] font-semibold"
            >
              {label}
            </text>
          </g>
        );
      })}
    </svg>
  );
}
