import type { RobotDelivery } from '../../../shared/schemas/catalogue.js';
import { ConflictError } from '../../errors.js';

/** The robot's columns a free trial depends on. */
export interface TrialRobot {
  trial_days: number | null;
  licence_required: boolean;
  licence_demo_slots: number;
  delivery: RobotDelivery;
}

/**
 * Why the robot, as it would be saved, cannot offer its free trial (decision 0020), or null. A
 * trial is the current release with a licence limited to demo accounts: without a licence the file
 * would run anywhere for ever, without a demo slot it would run nowhere, and without automatic
 * delivery there is no release to hand over at once. Checked on the robot as a whole, so turning
 * the licence or automatic delivery off under a trial is refused as well as setting a trial
 * without them.
 */
export function trialProblem(robot: TrialRobot): ConflictError | null {
  if (robot.trial_days === null) return null;
  let problem: string | null = null;
  if (!robot.licence_required) problem = 'A free trial needs the licence: turn it on, or remove the trial.';
  else if (robot.delivery !== 'automatic')
    problem =
      'A free trial hands over the current release at once: set the delivery to automatic, or remove the trial.';
  else if (robot.licence_demo_slots < 1)
    problem = 'A free trial runs on demo accounts: give the licence at least one demo slot, or remove the trial.';
  return problem === null ? null : new ConflictError(problem, 'trial_not_allowed');
}
