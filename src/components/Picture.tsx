import { type Picture as PictureData, type SlotName, pictureMarkup } from "../content/pictures.ts";

/**
 * A picture of content/ (src/content/pictures.ts): a `<picture>` of its AVIF and WebP variants with a JPEG
 * `<img>` for older browsers, sized for its slot by `srcset` and `sizes`, its width and height given so the
 * page does not move as it loads. A picture below the first screen loads lazily; the one that is the page's
 * largest element on arrival (`priority`) is fetched first instead, never lazily.
 */
export function Picture({
  picture,
  slot,
  priority = false,
  className,
}: {
  picture: PictureData;
  slot: SlotName;
  priority?: boolean;
  className?: string;
}) {
  const { sources, img } = pictureMarkup(picture, slot);
  const { alt, ...attributes } = img;
  const loading = priority ? { fetchPriority: "high" as const } : { loading: "lazy" as const, decoding: "async" as const };
  return (
    <picture>
      {sources.map((source) => (
        <source key={source.type} {...source} />
      ))}
      <img {...loading} {...attributes} alt={alt} className={className} />
    </picture>
  );
}
