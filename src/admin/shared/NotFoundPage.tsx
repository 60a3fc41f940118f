import { pageHeading, standaloneLink } from "./fields.ts";

export function NotFoundPage() {
  return (
    <>
      <h1 className={pageHeading}>Not found</h1>
      <p className="mt-4 max-w-2xl leading-relaxed">There is nothing at this address in the inbox. The inquiry may have been deleted.</p>
      <p className="mt-6">
        <a href="/admin" className={standaloneLink}>
          All inquiries
        </a>
      </p>
    </>
  );
}
