// Scans the menus sent with registration in the background: once the app is ready, every minute,
// and whenever the register route kicks `processPendingMenuUploads` itself.
import fp from 'fastify-plugin';
import { processPendingMenuUploads, requeueInterruptedMenuUploads, stopProcessingMenuUploads } from '../services/menu/pending-uploads';

/** A missed kick (e.g. a second server took the registration) is picked up within this time. */
export const PENDING_MENU_POLL_MS = 60_000;

export default fp(async (app) => {
  let timer: NodeJS.Timeout | undefined;
  const kick = () => void processPendingMenuUploads(app.deps, app.log);

  app.addHook('onReady', async () => {
    try {
      // Scans interrupted by the last stop are done again.
      const requeued = await requeueInterruptedMenuUploads(app.deps);
      if (requeued > 0) app.log.info({ requeued }, 'menu uploads interrupted by the last stop are queued again');
    } catch (error) {
      app.log.error({ err: error }, 'could not requeue interrupted menu uploads');
    }
    kick();
    timer = setInterval(kick, PENDING_MENU_POLL_MS);
    timer.unref();
  });

  app.addHook('onClose', async () => {
    clearInterval(timer);
    await stopProcessingMenuUploads(app.deps);
  });
}, { name: 'pending-menu-uploads', dependencies: ['deps'] });
