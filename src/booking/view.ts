/*
 * What the client's booking page shows, worked out by the Worker (src/worker/book) and drawn by
 * src/pages/BookingPage.tsx: plain data, every time already written for the reader.
 */

/** A free time to choose: its start (epoch ms), written in the reader's zone, and in Seattle's when that differs. */
export interface TimeChoice {
  readonly start: number;
  readonly label: string;
  readonly practiceLabel?: string;
}

/** A day's free times, under the day written in the reader's zone. */
export interface DayChoice {
  readonly label: string;
  readonly times: readonly TimeChoice[];
}

/** A kind of consultation the offer includes. */
export interface KindChoice {
  readonly id: string;
  readonly name: string;
  readonly minutes: number;
  readonly where: string;
  /** What the consultation is for, when the hours file says. */
  readonly description?: string;
}

/** The times to choose from, in one zone, a few weeks at a time. */
export interface Times {
  readonly kinds: readonly KindChoice[];
  readonly kind: string;
  /** The zone the times are written in (IANA), and the zones the reader may choose from. */
  readonly zone: string;
  /** The zone written for the reader ("Central Time (Chicago)"), and the zones they may choose from, each so. */
  readonly zoneLabel: string;
  readonly zones: readonly { readonly id: string; readonly label: string }[];
  readonly days: readonly DayChoice[];
  /** Query strings of the earlier and later weeks, when there are some. */
  readonly earlier?: string;
  readonly later?: string;
}

/** Why a time was refused, and the nearest free times when it was taken. */
export interface Refusal {
  readonly reason: "taken" | "past" | "tooSoon" | "tooFar" | "outsideHours" | "dayFull" | "unknownKind" | "notChosen" | "stale";
  readonly nearest: readonly TimeChoice[];
}

export type BookingView =
  | { readonly state: "choose"; readonly name: string; readonly times: Times; readonly refusal?: Refusal }
  | {
      readonly state: "booked";
      readonly name: string;
      readonly kindName: string;
      readonly where: string;
      /** The time, in the reader's zone and Seattle's. */
      readonly when: string;
      readonly moved: boolean;
      readonly sequence: number;
      readonly invitationPath: string;
      readonly times: Times;
      readonly refusal?: Refusal;
    }
  | { readonly state: "cancelled" | "past" | "closed" };
