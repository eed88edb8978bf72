import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ENTRY_NOT_FOUND,
  ROUND_NOT_FOUND,
  roundPhase,
  TRADE_NOT_FOUND,
} from '../../../shared/policies/rounds.js';
import {
  addEntrySchema,
  createRoundSchema,
  entryWantsSchema,
  importResultSchema,
  importWantListSchema,
  myTradesSchema,
  myWantsSchema,
  putWantsSchema,
  ROUND_WANT_LIST_MAX_CHARS,
  roundEntrySchema,
  roundListQuerySchema,
  roundLoopsSchema,
  roundSchema,
  roundTradeSchema,
  updateRoundSchema,
  updateTradeSchema,
} from '../../../shared/rounds.js';
import type { AppContext } from '../../context.js';
import { rawResponse, SIGNED_IN } from '../../http/openapi.js';
import { numericId } from '../../http/params.js';
import { currentUser, requireUser } from '../../plugins/session.js';
import { presentEntries, presentRounds, presentTrades, type Viewer } from './rounds.presenter.js';
import { findEntries, findOrganiser, findRounds, findTrades } from './rounds.queries.js';
import {
  addEntry,
  createRound,
  exportWantList,
  importWantList,
  loadRound,
  markTrade,
  myTrades,
  myWants,
  removeEntry,
  requireResults,
  setWants,
  updateRound,
} from './rounds.service.js';
import { requestSolve } from './rounds.solving.js';

const roundParams = z.object({ id: z.string().max(64) });
const entryParams = z.object({ id: z.string().max(64), entryId: z.string().max(64) });
const parseRoundId = (raw: string) => numericId(raw, ROUND_NOT_FOUND);
const textFile = (filename: string) => ({
  'content-type': 'text/plain; charset=utf-8',
  'content-disposition': `attachment; filename="${filename}"`,
  'cache-control': 'no-store',
});

export function registerRoundRoutes(server: FastifyInstance, ctx: AppContext): void {
  const app = server.withTypeProvider<ZodTypeProvider>();

  const present = async (viewer: Viewer, id: number) => {
    const round = await loadRound(ctx, viewer, id);
    const [presented] = await presentRounds(
      ctx.db,
      [{ round, organiser: await findOrganiser(ctx.db, round.organiserId) }],
      viewer,
    );
    if (!presented) throw new Error('round vanished');
    return presented;
  };

  app.get(
    '/api/rounds',
    {
      schema: {
        summary: 'Swap rounds',
        description:
          'Newest first, at most 200, optionally of one phase. Hidden rounds are listed for admins and their organiser only.',
        querystring: roundListQuerySchema,
        response: { 200: z.array(roundSchema) },
      },
    },
    async (request) => {
      const viewer = await currentUser(request);
      const rows = await findRounds(ctx.db, {
        includeHidden: viewer?.isAdmin === true,
        ...(viewer ? { viewerId: viewer.id } : {}),
      });
      const phase = request.query.phase;
      const now = new Date();
      const wanted = phase
        ? rows.filter(
            ({ round }) =>
              phase ===
              roundPhase(
                {
                  state: round.state,
                  hidden: round.hiddenAt !== null,
                  entriesCloseAt: round.entriesCloseAt,
                  wantsCloseAt: round.wantsCloseAt,
                  shippingDeadline: round.shippingDeadline,
                },
                now,
              ),
          )
        : rows;
      return presentRounds(ctx.db, wanted, viewer);
    },
  );

  app.post(
    '/api/rounds',
    {
      schema: {
        summary: 'Create a swap round',
        description:
          'Verified members only. Dates in order: entries close, wants close (the solver runs then), shipping deadline.',
        security: SIGNED_IN,
        body: createRoundSchema,
        response: { 201: roundSchema },
      },
    },
    async (request, reply) => {
      const actor = await requireUser(request);
      const id = await createRound(ctx, actor, request.body);
      return reply.code(201).send(await present(actor, id));
    },
  );

  app.get(
    '/api/rounds/:id',
    {
      schema: {
        summary: 'One swap round',
        description: 'Its phase, dates, figures and, for the viewer, the moves they may make.',
        params: roundParams,
        response: { 200: roundSchema },
      },
    },
    async (request) => present(await currentUser(request), parseRoundId(request.params.id)),
  );

  app.patch(
    '/api/rounds/:id',
    {
      schema: {
        summary: 'Close entries, close or hide a swap round',
        description:
          'Organiser or admin: `{ action: "close-entries" }` starts the wants phase now; `{ action: "close", reason? }` ends the round (entries are released). Admins only: `{ action: "hide" }` hides and closes it.',
        security: SIGNED_IN,
        params: roundParams,
        body: updateRoundSchema,
        response: { 200: roundSchema },
      },
    },
    async (request) => {
      const actor = await requireUser(request);
      const id = parseRoundId(request.params.id);
      await updateRound(ctx, actor, id, request.body);
      return present(actor, id);
    },
  );

  app.post(
    '/api/rounds/:id/solve',
    {
      schema: {
        summary: 'Solve a swap round now',
        description:
          'Organiser or admin, once entries are closed: the round moves to its solving phase (entries and want lists are frozen) and the solver runs in the background, within its time budget; the answer is 202 with the round as it is now. A `round` live event tells open pages when the results are in (the scheduled job does the same at the wants deadline; a round is solved once). 409 while it is being solved.',
        security: SIGNED_IN,
        params: roundParams,
        response: { 202: roundSchema },
      },
    },
    async (request, reply) => {
      const actor = await requireUser(request);
      const id = parseRoundId(request.params.id);
      await requestSolve(ctx, actor, id);
      return reply.code(202).send(await present(actor, id));
    },
  );

  app.get(
    '/api/rounds/:id/entries',
    {
      schema: {
        summary: "A swap round's entries",
        description: 'Every entry with its listing and owner, in entry order.',
        params: roundParams,
        response: { 200: z.array(roundEntrySchema) },
      },
    },
    async (request) => {
      const round = await loadRound(
        ctx,
        await currentUser(request),
        parseRoundId(request.params.id),
      );
      return presentEntries(ctx.db, await findEntries(ctx.db, round.id));
    },
  );

  app.post(
    '/api/rounds/:id/entries',
    {
      schema: {
        summary: 'Enter one of your listings in a swap round',
        description:
          'While entries are open. The listing must be yours, active and not held by another trade; the round holds it until it is solved or closed. `organiserSetsWants`: the organiser may set its want list by importing a file even after you set it (default false).',
        security: SIGNED_IN,
        params: roundParams,
        body: addEntrySchema,
        response: { 201: roundEntrySchema },
      },
    },
    async (request, reply) => {
      const actor = await requireUser(request);
      const roundId = parseRoundId(request.params.id);
      const entryId = await addEntry(ctx, actor, roundId, request.body.itemId, {
        organiserSetsWants: request.body.organiserSetsWants ?? false,
      });
      const entries = (await findEntries(ctx.db, roundId)).filter((e) => e.id === entryId);
      const [entry] = await presentEntries(ctx.db, entries);
      if (!entry) throw new Error('entry vanished');
      return reply.code(201).send(entry);
    },
  );

  app.delete(
    '/api/rounds/:id/entries/:entryId',
    {
      schema: {
        summary: 'Withdraw your entry from a swap round',
        description: 'While entries are open; the listing is free again.',
        security: SIGNED_IN,
        params: entryParams,
        response: { 200: z.object({ message: z.string() }) },
      },
    },
    async (request) => {
      const actor = await requireUser(request);
      await removeEntry(
        ctx,
        actor,
        parseRoundId(request.params.id),
        numericId(request.params.entryId, ENTRY_NOT_FOUND),
      );
      return { message: 'Entry withdrawn' };
    },
  );

  app.get(
    '/api/rounds/:id/wants',
    {
      schema: {
        summary: 'Your want lists in a swap round',
        description:
          'One per entry of yours: entry ids best first; a list of ids is an "any of these" group.',
        security: SIGNED_IN,
        params: roundParams,
        response: { 200: myWantsSchema },
      },
    },
    async (request) => myWants(ctx, await requireUser(request), parseRoundId(request.params.id)),
  );

  app.put(
    '/api/rounds/:id/entries/:entryId/wants',
    {
      schema: {
        summary: 'Rank what you would accept for one of your entries',
        description:
          'During the wants phase. Other members\' entries of this round, best first, each once; a list of ids is an "any of these" group (you receive at most one of it).',
        security: SIGNED_IN,
        params: entryParams,
        body: putWantsSchema,
        response: { 200: entryWantsSchema },
      },
    },
    async (request) =>
      setWants(
        ctx,
        await requireUser(request),
        parseRoundId(request.params.id),
        numericId(request.params.entryId, ENTRY_NOT_FOUND),
        request.body.wants,
      ),
  );

  app.get(
    '/api/rounds/:id/trades',
    {
      schema: {
        summary: 'Your trades in a solved swap round',
        description: 'What you send and to whom, what you receive and from whom.',
        security: SIGNED_IN,
        params: roundParams,
        response: { 200: myTradesSchema },
      },
    },
    async (request) => {
      const actor = await requireUser(request);
      const round = await myTrades(ctx, actor, parseRoundId(request.params.id));
      const trades = await presentTrades(ctx.db, await findTrades(ctx.db, round.id));
      return {
        send: trades.filter((trade) => trade.giver.id === actor.id),
        receive: trades.filter((trade) => trade.receiver.id === actor.id),
      };
    },
  );

  app.get(
    '/api/rounds/:id/loops',
    {
      schema: {
        summary: 'The trade loops of a solved swap round',
        description: 'Each loop in order: each leg’s receiver gives in the next leg.',
        params: roundParams,
        response: { 200: roundLoopsSchema },
      },
    },
    async (request) => {
      const round = await requireResults(
        ctx,
        await currentUser(request),
        parseRoundId(request.params.id),
      );
      const trades = await presentTrades(ctx.db, await findTrades(ctx.db, round.id));
      const loops = new Map<number, typeof trades>();
      for (const trade of trades) loops.set(trade.loop, [...(loops.get(trade.loop) ?? []), trade]);
      return { loops: [...loops].map(([id, legs]) => ({ id, legs })) };
    },
  );

  app.patch(
    '/api/rounds/:id/trades/:entryId',
    {
      schema: {
        summary: 'Mark a round trade sent or received',
        description:
          'During shipping: the sender sends `{ sent: true }`, the receiver `{ received: true }`, once each.',
        security: SIGNED_IN,
        params: entryParams,
        body: updateTradeSchema,
        response: { 200: roundTradeSchema },
      },
    },
    async (request) => {
      const actor = await requireUser(request);
      const roundId = parseRoundId(request.params.id);
      const entryId = numericId(request.params.entryId, TRADE_NOT_FOUND);
      await markTrade(ctx, actor, roundId, entryId, 'sent' in request.body ? 'sent' : 'received');
      const trades = await presentTrades(ctx.db, await findTrades(ctx.db, roundId));
      const trade = trades.find((t) => t.entryId === entryId);
      if (!trade) throw new Error('trade vanished');
      return trade;
    },
  );

  app.get(
    '/api/rounds/:id/want-list',
    {
      schema: {
        summary: "Export a swap round's want lists (TradeMaximizer format)",
        description:
          'Organiser or admin: the file as solved once the round is solved, as it stands otherwise. Items are entry ids.',
        security: SIGNED_IN,
        params: roundParams,
        response: { 200: rawResponse('A TradeMaximizer want-list file', ['text/plain']) },
      },
    },
    async (request, reply) => {
      const id = parseRoundId(request.params.id);
      const text = await exportWantList(ctx, await requireUser(request), id);
      return reply.headers(textFile(`round-${id}-wants.txt`)).send(text);
    },
  );

  app.post(
    '/api/rounds/:id/want-list',
    {
      bodyLimit: ROUND_WANT_LIST_MAX_CHARS * 2,
      schema: {
        summary: 'Import want lists into a swap round (TradeMaximizer format)',
        description:
          'Organiser or admin, during the wants phase: replaces the want lists of the entries the file names (items are entry ids; dummies become "any of these" groups), except those whose owner set theirs in the app and did not let the organiser set it (`organiserSetsWants` when entering): `keptByOwner` counts those. Members whose list changed are notified. What cannot be used is skipped and listed in `warnings`.',
        security: SIGNED_IN,
        params: roundParams,
        body: importWantListSchema,
        response: { 200: importResultSchema },
      },
    },
    async (request) =>
      importWantList(
        ctx,
        await requireUser(request),
        parseRoundId(request.params.id),
        request.body.text,
      ),
  );

  app.get(
    '/api/rounds/:id/report',
    {
      schema: {
        summary: "A solved swap round's report (TradeMaximizer layout)",
        description:
          'TRADE LOOPS, ITEM SUMMARY and the figures, as organisers paste them into forums.',
        params: roundParams,
        response: { 200: rawResponse('The report, as text', ['text/plain']) },
      },
    },
    async (request, reply) => {
      const round = await requireResults(
        ctx,
        await currentUser(request),
        parseRoundId(request.params.id),
      );
      return reply
        .header('content-type', 'text/plain; charset=utf-8')
        .header('cache-control', 'no-store')
        .send(round.report ?? '');
    },
  );
}
