/** What features use of the identity part: staff members as other features read them, and their creation. */

export { takeDailyBudget, takeOnce } from './budgets';
export {
  activeDoctors,
  createStaffUser,
  isActiveDoctor,
  lockStaffMember,
  renameUser,
  staffIdByEmail,
  staffMember,
  usesTwoFactor,
} from './staff';
