import assets from "virtual:client-assets";

/**
 * The head of every document the inbox serves (its pages, the person's copy to print): never indexed, the
 * site's icon and stylesheet, and the site's own scripts a page enhances itself with.
 */
export function AdminHead({ title, scripts = [] }: { readonly title: string; readonly scripts?: readonly string[] }) {
  return (
    <head>
      <meta charSet="utf-8" />
      <meta name="viewport" content="width=device-width, initial-scale=1" />
      <meta name="robots" content="noindex" />
      <title>{title}</title>
      <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
      {assets.styles.map((href) => (
        <link key={href} rel="stylesheet" href={href} />
      ))}
      {scripts.map((src) => (
        <script key={src} type="module" src={src} />
      ))}
    </head>
  );
}
