import { ErrorNotice } from "../components/ErrorNotice.tsx";
import type { PageProps } from "./props.ts";

/** What any unknown path shows (with status 404): the spec's words and a way home. */
export function NotFoundPage(_props: PageProps<"not-found">) {
  return (
    <ErrorNotice status={404} heading="Oops! Page not found">
      The page you were looking for has moved or never existed.
    </ErrorNotice>
  );
}
