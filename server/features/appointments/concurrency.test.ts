import { it } from 'vitest';
import { setupClinic, signedInStaff } from '../../test/harness';
import { raceForOneSlot } from './test/slot-race';

const { ctx, db } = await setupClinic();

it('100 concurrent set-appointment calls for one slot: exactly one wins, 99 get 409', async () => {
  const staff = await signedInStaff(ctx);
  await raceForOneSlot(db, staff, [ctx.app], 100);
});
