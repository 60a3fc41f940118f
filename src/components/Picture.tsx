import { type Picture as PictureData, type SlotName, pictureMarkup } from "../content/pictures.ts";

/**
 * A picture of content/ (src/content/pictures.ts): a `<picture>` of its AVIF and WebP variants with a JPEG
 * `<img>` for older browsers, sized for its slot by `srcset` and `sizes`, its width and height given so the
 * page does not move as it loads. A picture below the first screen loads lazily; the one that is the page's
 * largest element on arrival (`priority`) is fetched first instead, never lazily. A picture that is the
 * largest element at some widths only (`priority: { from }`, a media query) is fetched first at those
 * widths (a preload of its AVIF variants for them) and at its turn, though never lazily, at the others,
 * where the text around it is what the reader waits for.
 */
export function Picture({
  picture,
  slot,
  priority = false,
  className,
}: {
  picture: PictureData;
  slot: SlotName;
  priority?: boolean | { readonly from: string };
  className?: string;
}) {
  const { sources, img } = pictureMarkup(picture, slot);
  const { alt, ...attributes } = img;
  const [avif] = sources;
  const loading =
    priority === true ? { fetchPriority: "high" as const } : priority ? {} : { loading: "lazy" as const, decoding: "async" as const };
  return (
    <>
      {/* Beside the picture, not in it (a <picture> holds sources and its <img> only); a preload may stand in the body. */}
      {typeof priority === "object" && avif && (
        <link
          rel="preload"
          as="image"
          type={avif.type}
          imageSrcSet={avif.srcSet}
          imageSizes={avif.sizes}
          media={priority.from}
          fetchPriority="high"
        />
      )}
      <picture>
        {sources.map((source) => (
          <source key={source.type} {...source} />
        ))}
        <img {...loading} {...attributes} alt={alt} className={className} />
      </picture>
    </>
  );
}
