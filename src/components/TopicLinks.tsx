import type { ArticleCategory } from "../content/collections.ts";
import { pages } from "../content/index.ts";
import { paths, type Topic } from "../routes/table.ts";

interface TopicLink {
  readonly label: string;
  readonly path: string;
  readonly count?: number;
  readonly isCurrent: boolean;
}

const linkClass = "inline-flex min-h-11 items-center gap-2 rounded-full border px-4 text-sm font-medium";

/**
 * The topics above a list of articles, each a link to its page with how many articles it holds, after a link
 * to every article: the way to any article without JavaScript. The list shown, if any (a topic, or all), is
 * marked.
 */
export function TopicLinks({ topics, current }: { topics: readonly Topic[]; current?: ArticleCategory | "all" }) {
  const words = pages.resources.topics;
  if (topics.length < 2) return null;
  const links: TopicLink[] = [
    { label: words.allLabel, path: paths.resources, isCurrent: current === "all" },
    ...topics.map((topic) => ({ label: topic.name, path: topic.path, count: topic.count, isCurrent: topic.name === current })),
  ];
  return (
    <nav aria-label={words.label}>
      <ul className="flex flex-wrap gap-2">
        {links.map((link) => (
          <li key={link.path}>
            <a
              href={link.path}
              aria-current={link.isCurrent ? "true" : undefined}
              className={`${linkClass} ${link.isCurrent ? "border-accent bg-accent text-paper" : "border-line bg-white/60 hover:border-accent hover:text-accent"}`}
            >
              {link.label}
              {link.count !== undefined && <span className={link.isCurrent ? "text-paper/80" : "text-muted"}>{link.count}</span>}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
