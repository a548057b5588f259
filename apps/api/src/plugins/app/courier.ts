// `app.courier`: the courier orders are sent to, behind the courier port (modules/delivery/port.ts): the adapter the
// configuration names (modules/delivery/adapters/: Bosta when its keys are set), or none (staff ship by hand, and the
// shipment calls answer that no courier is set up).
import fp from 'fastify-plugin';
import { bostaCourier } from '../../modules/delivery/adapters/bosta.ts';
import type { Courier } from '../../modules/delivery/port.ts';

declare module 'fastify' {
  interface FastifyInstance {
    courier: Courier | null;
  }
}

export default fp(
  async (app) => {
    const settings = app.config.courier;
    app.decorate('courier', settings?.name === 'bosta' ? bostaCourier(settings) : null);
  },
  { name: 'courier', dependencies: ['db'] },
);
