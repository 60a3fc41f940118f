import { Badge, type BadgeVariant } from "../../components/Badge.tsx";
import { When } from "./When.tsx";
import type { DeliveryState } from "../../db/delivery.ts";
import { stateCopy } from "./copy.ts";

const badgeVariants: Record<DeliveryState, BadgeVariant> = {
  queued: "outline",
  retrying: "secondary",
  stuck: "destructive",
  sent: "default",
  failed: "destructive",
};

export function StateBadge({ state }: { state: DeliveryState }) {
  return <Badge variant={badgeVariants[state]}>{stateCopy[state].label}</Badge>;
}

/** The state with what the attorney needs beside it: when it was sent, or why it is failing (the list shows it only until sent). */
export function DeliverySummary({ state, notifiedAt, error }: { state: DeliveryState; notifiedAt: Date | null; error: string | null }) {
  return (
    <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm">
      <StateBadge state={state} />
      {state === "sent" && notifiedAt && (
        <span className="text-muted">
          <When date={notifiedAt} />
        </span>
      )}
      {(state === "retrying" || state === "failed") && error && <span className="break-words text-muted">{error}</span>}
    </p>
  );
}
