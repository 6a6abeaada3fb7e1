import { RobotComparison } from '../features/catalogue/components/robot-comparison';

/** `/Compare?robots=<id>,<id>[,<id>]`: up to three robots side by side (issue 20 §5). */
export default function ComparePage() {
  return <RobotComparison />;
}
