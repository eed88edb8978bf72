import type { Feature } from '../../infra/features.js';
import { registerAccountRoutes } from './account.routes.js';
import { reapplyErasures } from './erasure.js';

/** A member's data: the export and the erasure (issue 40 §1). */
export const accountFeature: Feature = {
  name: 'account',
  routes: (app, ctx) => {
    registerAccountRoutes(app, ctx);
    // A database restored from a snapshot taken before an erasure gets it again before serving.
    // Never a reason not to start: a database out of reach is the health checks' to report.
    app.addHook('onReady', async () => {
      await reapplyErasures(ctx).catch((error: unknown) =>
        ctx.log.error({ err: error }, 'The list of erasures could not be applied'),
      );
    });
  },
};
