// /plans (spec §2; public): the plans, and for a signed-in person their current plan and billing.
import { Plans } from '../../features/subscriptions/components/plans.tsx';

export default function PlansRoute() {
  return <Plans />;
}
