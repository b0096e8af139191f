/**
 * What a feature's service is made with (docs/ARCHITECTURE.md "One shape per feature"): the
 * database, the configuration, the clock and the events of this app. Routes make each service
 * once (`createXService(app.deps)`) and call it as `service.verb(req.actor, { named inputs })`.
 */
import type { Config } from '../config';
import type { Db } from '../db/client';
import type { Clock } from './clock';
import type { Events } from './events';

export type Deps = { db: Db; config: Config; clock: Clock; events: Events };
