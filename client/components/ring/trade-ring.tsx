import { useId } from 'react';

/** A member in the ring, in loop order. */
export type RingNode = {
  key: string;
  /** One or two letters (or "You") drawn in the node. */
  mark: string;
  /** A short line beside the node (a name, a listing). */
  caption: string;
  /** The viewer's own node is filled. */
  mine: boolean;
};

/** A hand-over from node `from` to node `to`; dashed until `done`; an optional number on it. */
export type RingArrow = { key: string; from: number; to: number; done: boolean; badge?: number };

const SIZE = 320;
const CENTER = SIZE / 2;
const RADIUS = 112;
const NODE = 28;

const point = (k: number, n: number) => {
  const angle = (2 * Math.PI * k) / n - Math.PI / 2;
  return { x: CENTER + RADIUS * Math.cos(angle), y: CENTER + RADIUS * Math.sin(angle) };
};

export const shorten = (text: string, max: number) =>
  text.length > max ? `${text.slice(0, max - 1).trimEnd()}…` : text;

/**
 * A trade loop drawn as a ring (swap circles, round results): nodes around a circle, arrows from
 * giver to receiver. `label` says the same in words for screen readers.
 */
export function TradeRing({
  nodes,
  arrows,
  label,
  className,
}: {
  nodes: readonly RingNode[];
  arrows: readonly RingArrow[];
  label: string;
  className?: string;
}) {
  const markerId = useId();
  const n = nodes.length;
  return (
    <svg viewBox={`0 0 ${SIZE} ${SIZE}`} role="img" aria-label={label} className={className}>
      <defs>
        <marker
          id={markerId}
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
      {arrows.map((arrow) => {
        const from = point(arrow.from, n);
        const to = point(arrow.to, n);
        const length = Math.hypot(to.x - from.x, to.y - from.y) || 1;
        const ux = (to.x - from.x) / length;
        const uy = (to.y - from.y) / length;
        const start = { x: from.x + ux * (NODE + 4), y: from.y + uy * (NODE + 4) };
        const end = { x: to.x - ux * (NODE + 6), y: to.y - uy * (NODE + 6) };
        const middle = { x: (start.x + end.x) / 2, y: (start.y + end.y) / 2 };
        return (
          <g key={arrow.key}>
            <line
              x1={start.x}
              y1={start.y}
              x2={end.x}
              y2={end.y}
              strokeWidth={3}
              strokeDasharray={arrow.done ? undefined : '6 5'}
              className="stroke-brand-700"
              markerEnd={`url(#${markerId})`}
            />
            {arrow.badge !== undefined && (
              <>
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
                  {arrow.badge}
                </text>
              </>
            )}
          </g>
        );
      })}
      {nodes.map((node, k) => {
        const at = point(k, n);
        const below = at.y >= CENTER - 1;
        return (
          <g key={node.key}>
            <circle
              cx={at.x}
              cy={at.y}
              r={NODE}
              strokeWidth={2}
              className={
                node.mine ? 'fill-brand-700 stroke-brand-800' : 'fill-white stroke-brand-700'
              }
            />
            <text
              x={at.x}
              y={at.y}
              textAnchor="middle"
              dominantBaseline="central"
              className={`${node.mine ? 'fill-white' : 'fill-brand-800'} text-[15px] font-bold`}
            >
              {node.mark}
            </text>
            <text
              x={at.x}
              y={below ? at.y + NODE + 15 : at.y - NODE - 8}
              textAnchor="middle"
              className="fill-ink text-[12px] font-semibold"
            >
              {node.caption}
            </text>
          </g>
        );
      })}
    </svg>
  );
}
