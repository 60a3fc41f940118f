import { Badge } from "../../components/Badge.tsx";
import { dayLabel } from "./format.ts";

/** An inquiry's follow-up day as a badge: marked when it is due (today or earlier, in Seattle). */
export function FollowUpBadge({ day, today }: { day: string; today: string }) {
  return day <= today ? (
    <Badge variant="accent">{`Follow-up due ${dayLabel(day)}`}</Badge>
  ) : (
    <Badge variant="outline">{`Follow up ${dayLabel(day)}`}</Badge>
  );
}
