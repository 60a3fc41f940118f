import type { Block } from "../blocks.ts";

/** Body of "5 Clauses Every Artist Contract Should Include". Figures in the text are examples only. */
export const body: readonly Block[] = [
  {
    type: "paragraph",
    text: "A contract does not have to be long, and it does not have to sound like a legal textbook. Its job is simple: to write down what everyone believes they agreed to, before memories fade or budgets shift. Most disputes in creative work are not about bad faith. They happen because two people had different pictures in their heads and never compared notes.",
  },
  {
    type: "paragraph",
    text: "Whether you are taking a private commission, illustrating for a brand, installing work in a museum or licensing images to a nonprofit, five clauses do most of the heavy lifting. Here is what each one should cover.",
  },

  { type: "heading", text: "1. Scope of Work", id: "scope-of-work" },
  {
    type: "paragraph",
    text: "The scope of work describes what you are making and, just as importantly, what you are not. Your fee, your timeline and the rights you grant all depend on it. A vague scope is where “scope creep” begins: the extra sketch, the larger size, the “quick” revision that quietly becomes a week of unpaid work.",
  },
  { type: "paragraph", text: "A strong scope clause usually covers:" },
  {
    type: "list",
    items: [
      "The work itself: medium, dimensions, quantity, format and technical specifications such as file types.",
      "Deliverables and milestones: sketches, drafts, final artwork, delivery or installation, with a target date for each.",
      "Revisions: how many rounds are included and how additional rounds are priced.",
      "Responsibilities: what you need from the client, such as reference material, site access or timely feedback.",
      "Exclusions: anything the client might assume is included but is not, such as framing, shipping, installation or social media assets.",
    ],
  },
  {
    type: "paragraph",
    text: "It also helps to tie your timeline to the client’s responsibilities. If your deadline depends on approvals or site measurements, say that the schedule moves when those arrive late.",
  },

  { type: "heading", text: "2. Payment Terms and Schedule", id: "payment-terms-and-schedule" },
  {
    type: "paragraph",
    text: "Your contract should say exactly how much you will be paid, when and how. “We’ll figure out the budget later” is not a payment term. Clear terms protect your cash flow and give the client a predictable schedule.",
  },
  {
    type: "paragraph",
    text: "A common structure for commissions is a deposit before work begins and the balance on delivery. For example, an artist might ask for a 50% deposit at signing and the remaining 50% before the finished piece ships; larger projects often use milestone payments instead. These figures are examples, not rules; the right structure depends on your costs, timeline and relationship with the client.",
  },
  { type: "paragraph", text: "Whatever structure you choose, spell out:" },
  {
    type: "list",
    items: [
      "The total fee, and whether it includes materials, fabrication, shipping, crating, installation, travel and taxes.",
      "Whether the deposit is refundable, and if so, under what circumstances.",
      "When invoices are due (for example, within 30 days) and which payment methods you accept.",
      "Any late fee or interest on overdue amounts, within the limits the law allows.",
      "That ownership of the physical work passes to the client only once you have been paid in full.",
    ],
  },

  { type: "heading", text: "3. Copyright and Ownership", id: "copyright-and-ownership" },
  {
    type: "paragraph",
    text: "This is the clause artists most often overlook, and the one that matters most over the life of a work. Under U.S. copyright law, the person who creates an original work generally owns the copyright from the moment it is fixed in a tangible form, whether that is paint on canvas, a digital file or a photograph. Selling the physical piece does not, by itself, transfer the copyright. A collector who buys your painting owns the painting; unless you agree otherwise in writing, you keep the copyright.",
  },
  {
    type: "paragraph",
    text: "Two rules shape this clause. First, a transfer of copyright ownership must be in a written document signed by the owner; a handshake will not move your copyright to someone else. Second, a “work made for hire” belongs to the employer or commissioning party from the start. For independent contractors, that applies only to certain kinds of specially commissioned work (such as a contribution to a collective work or part of an audiovisual work), and only when both parties sign a written agreement saying so. Many commissioned paintings, sculptures and murals do not fit those categories, which is why client contracts often pair “work made for hire” language with a backup assignment of all rights.",
  },
  {
    type: "paragraph",
    text: "Your contract should state plainly who owns the copyright once the project is done. If the client needs full ownership, that can be a legitimate request, but it usually warrants a higher fee, because you are giving up future licensing income. Visual artists may also have rights of attribution and integrity under the federal Visual Artists Rights Act for qualifying works. If those rights matter to you, address them directly, including whether the contract asks you to waive them.",
  },

  { type: "heading", text: "4. Usage and Reproduction Rights", id: "usage-and-reproduction-rights" },
  {
    type: "paragraph",
    text: "If you keep the copyright, the client receives a license: permission to use the work in specific ways. An illustration used on a single event poster and a design that a licensee prints on 10,000 T-shirts are very different arrangements, and your fee should reflect the difference.",
  },
  { type: "paragraph", text: "Define the license as precisely as you can:" },
  {
    type: "list",
    items: [
      "Media and uses: print, web, social media, merchandise, packaging, broadcast or exhibition.",
      "Term: how long the license lasts, for example a 12-month license term with an option to renew on agreed terms.",
      "Territory: local, national or worldwide.",
      "Quantity: print runs, edition sizes or unit caps, with additional fees if the client goes beyond them.",
      "Exclusivity: whether you remain free to license the same work to others.",
      "Alterations and credit: whether the client may crop, edit or adapt the work, and how you will be credited.",
    ],
  },
  {
    type: "paragraph",
    text: "Reserve rights for yourself, too, such as showing the work in your portfolio and in exhibitions. Consider saying whether the work may be used to train artificial intelligence systems; if the contract is silent, you and the client may not share the same assumptions. And add a simple line: any right not expressly granted is reserved to the artist. For more on structuring these terms, see our guide on [how to license your artwork](/blog/how-to-license-artwork).",
  },

  { type: "heading", text: "5. Termination and Dispute Resolution", id: "termination-and-dispute-resolution" },
  {
    type: "paragraph",
    text: "Every project deserves an exit plan. Plans change, funding falls through and sometimes a collaboration simply is not working. A termination clause lets either side end the agreement in an orderly way.",
  },
  {
    type: "paragraph",
    text: "A practical termination clause covers how much notice is required, whether a party gets a chance to fix (or “cure”) a problem first, and what happens to money and rights when a project ends early. Many artists use a kill fee: a set payment, often a percentage of the total fee, that compensates you for work done and opportunities turned down if the client cancels. Say, too, whether you keep the deposit, who owns unfinished work and sketches, and whether any license survives termination.",
  },
  {
    type: "paragraph",
    text: "Dispute resolution language decides what happens if a disagreement cannot be worked out informally. Many creative contracts call for good-faith negotiation first, then mediation, before arbitration or court. The clause should also name the governing law and where disputes will be heard, for example Washington law and the courts of King County. If there is a provision on attorney’s fees, read it carefully: in Washington, a contract clause awarding fees to one side is generally applied to whichever party prevails.",
  },

  {
    type: "callout",
    title: "Practical tips",
    items: [
      "Put every agreement in writing, even a short one. For small jobs, an email that both sides confirm is far better than nothing.",
      "Build a contract template that reflects how you actually work, then adapt it for each project instead of starting from scratch.",
      "Read the client’s contract closely, not just the fee. Phrases such as “work made for hire,” “all rights” or “in perpetuity” deserve a conversation before you sign.",
      "Keep signed copies, invoices and key emails together for each project.",
      "Negotiation is normal. Asking for changes to a draft is part of a professional relationship, not a sign of distrust.",
    ],
  },

  {
    type: "paragraph",
    text: "A good contract is not about expecting the worst. It gives your work, and your working relationships, a clear structure to grow in. If you would like help reviewing an agreement, building a template for your studio or understanding what a client is really asking for, [get in touch](/contact). You will find more guides on our [resources page](/resources).",
  },
];
