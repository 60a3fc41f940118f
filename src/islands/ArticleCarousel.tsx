// Replaced by the home page work: the Ark UI carousel of article cards.
export default function ArticleCarousel(_props: { readonly articles: readonly unknown[] }) {
  return null;
}
