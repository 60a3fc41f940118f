import type { Locator } from "@playwright/test";

/**
 * What a visitor would take for a broken image in a list of cards: an element of a card that takes room
 * (24 px or more each way) yet shows nothing, no text, no picture and no drawing. Returns each as a short
 * description (its card's title and its classes); none in a finished list, with any mix of covers.
 */
export function emptyFrames(cards: Locator): Promise<string[]> {
  return cards.evaluateAll((elements) =>
    elements.flatMap((card) =>
      [...card.querySelectorAll<HTMLElement>("*")]
        .filter((element) => {
          const box = element.getBoundingClientRect();
          if (box.width < 24 || box.height < 24 || element.closest("svg, picture")) return false;
          if (element.textContent?.trim()) return false;
          return !element.querySelector("img, svg");
        })
        .map((element) => `${card.querySelector("h2, h3")?.textContent ?? "a card"}: <${element.localName} class="${element.className}">`),
    ),
  );
}
