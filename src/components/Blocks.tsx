import type { Block } from "../content/blocks.ts";
import { RichText } from "./RichText.tsx";

/** Long-form copy (articles, legal notices) from content blocks, styled for reading. */
export function Blocks({ blocks }: { blocks: readonly Block[] }) {
  return (
    <>
      {blocks.map((block, index) => (
        <BlockView key={index} block={block} />
      ))}
    </>
  );
}

function BlockView({ block }: { block: Block }) {
  switch (block.type) {
    case "paragraph":
      return (
        <p className="leading-relaxed">
          <RichText text={block.text} />
        </p>
      );
    case "heading":
      return (
        <h2 id={block.id} className="pt-6 font-serif text-2xl font-semibold tracking-tight md:text-3xl">
          {block.text}
        </h2>
      );
    case "subheading":
      return <h3 className="pt-2 text-lg font-semibold">{block.text}</h3>;
    case "list": {
      const List = block.ordered ? "ol" : "ul";
      return (
        <List className={`space-y-2 pl-6 leading-relaxed ${block.ordered ? "list-decimal" : "list-disc"} marker:text-accent`}>
          {block.items.map((item, index) => (
            <li key={index}>
              <RichText text={item} />
            </li>
          ))}
        </List>
      );
    }
    case "callout":
      return (
        <aside aria-label={block.title} className="rounded-lg border-l-4 border-accent bg-accent-soft p-6">
          <p className="font-serif text-xl font-semibold text-accent-strong">{block.title}</p>
          <ul className="mt-3 list-disc space-y-2 pl-5 leading-relaxed marker:text-accent">
            {block.items.map((item, index) => (
              <li key={index}>
                <RichText text={item} />
              </li>
            ))}
          </ul>
        </aside>
      );
    case "quote":
      return (
        <figure className="border-l-4 border-clay pl-6">
          <blockquote className="font-serif text-xl leading-relaxed italic">
            <p>{block.text}</p>
          </blockquote>
          {block.cite && <figcaption className="mt-2 text-sm text-muted">— {block.cite}</figcaption>}
        </figure>
      );
  }
}
