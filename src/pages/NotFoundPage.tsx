import { ErrorNotice } from "../components/ErrorNotice.tsx";

export function NotFoundPage() {
  return (
    <ErrorNotice status={404} heading="Oops! Page not found">
      The page you were looking for has moved or never existed.
    </ErrorNotice>
  );
}
