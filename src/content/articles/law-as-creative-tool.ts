import type { Block } from "../blocks.ts";

/** Body of "Law as a Creative Tool". */
export const body: readonly Block[] = [
  {
    type: "paragraph",
    text: "Many artists meet the law only when something goes wrong: a client stops paying, an image turns up on a product without permission, a collaboration falls apart. No wonder the law can feel like a wall, a list of things you cannot do, written in a language that was never meant for you.",
  },
  {
    type: "paragraph",
    text: "We see it differently. Our practice was founded by an attorney who is also an educator and a working artist, and that shapes how we approach every project. Used with care, the law is a set of tools, much like a palette or a set of chisels, that can give creative work structure, stability and room to grow. Here is how we think about the three tools that artists and creative organizations use most: ownership, contracts and structure.",
  },

  { type: "heading", text: "Ownership: Knowing What Is Yours", id: "ownership" },
  {
    type: "paragraph",
    text: "Every creative practice rests on ownership, and the good news is that much of it comes automatically. In the United States, copyright protects original works of authorship from the moment they are fixed in a tangible form: the sketch in your notebook, the recorded song, the code behind an interactive installation. You do not have to file anything to own it, although registering with the U.S. Copyright Office brings important advantages if you ever need to enforce your rights.",
  },
  {
    type: "paragraph",
    text: "Knowing what copyright does not cover is just as useful. Copyright protects expression, not ideas, styles, techniques or facts. Your distinctive way of painting light is not protected in itself; the paintings you make with it are. Names, logos and slogans usually belong to trademark law, which protects the marks that tell the public who stands behind goods and services. If your studio name, collective or product is becoming a brand, it may be worth thinking about trademark clearance and registration before you invest heavily in it.",
  },
  {
    type: "paragraph",
    text: "Ownership also means understanding the difference between an object and the rights in it. A museum may own a painting without owning the right to reproduce it. A collector may own a sculpture while the artist keeps the copyright. When you know what you hold, you know what you can share, sell or license, and what you can decline.",
  },

  { type: "heading", text: "Contracts: Writing Down the Relationship", id: "contracts" },
  {
    type: "paragraph",
    text: "We like to think of a contract as a frame. It does not make the art, but it holds it, defines its edges and lets others see it clearly. A good contract captures a shared plan: what will be made, who pays what and when, who owns the result and how everyone will treat each other if circumstances change.",
  },
  {
    type: "paragraph",
    text: "For artists, the essentials are a clear scope of work, payment terms, copyright and usage rights, and an exit plan; we walk through each of them in [5 Clauses Every Artist Contract Should Include](/blog/5-clauses-artist-contract). Galleries and museums rely on the same principles in consignment, exhibition and loan agreements that address condition, insurance, shipping and credit. Washington also has a law specifically governing artwork that artists consign to art dealers, which generally treats the consigned work and the proceeds of its sale as held in trust for the artist. For creative-tech teams, contracts take the form of terms of use, contributor agreements and licenses that decide who may build on what.",
  },
  {
    type: "paragraph",
    text: "The point is not to anticipate every possible disaster. It is to have the important conversations early, while everyone is still excited about the project, and to write down what you decide together.",
  },

  { type: "heading", text: "Structure: Building a Home for Your Work", id: "structure" },
  {
    type: "paragraph",
    text: "As a creative practice grows, the way it is organized starts to matter. Structure decides who is responsible for debts, how money flows, who makes decisions and what happens when someone leaves.",
  },
  { type: "subheading", text: "Choosing an entity" },
  {
    type: "paragraph",
    text: "Many artists begin as sole proprietors, often without realizing it: if you sell work in your own name, that is the default. It is simple, but it means there is no legal separation between your business and your personal finances. Forming a limited liability company (LLC) with the Washington Secretary of State can help keep business obligations apart from personal assets when the company is properly run and maintained, and it can make contracting with institutions more straightforward. An entity is not the right choice for everyone, and the tax and administrative consequences deserve a careful look before you file.",
  },
  { type: "subheading", text: "Nonprofits and fiscal sponsorship" },
  {
    type: "paragraph",
    text: "Projects with a charitable or public-serving mission sometimes form a nonprofit corporation. In practice that involves two separate steps: incorporating under state law, and then applying to the IRS for recognition of tax-exempt status, for example under section 501(c)(3). A nonprofit needs a board, governing documents and ongoing compliance, which is a real commitment. For many artists and emerging projects, fiscal sponsorship is a lighter alternative: an established nonprofit sponsors your project, which can allow you to seek grants and tax-deductible donations through the sponsor, usually in exchange for an administrative fee. The sponsorship agreement deserves close attention, because it governs who controls the funds, the project and the work it produces.",
  },
  { type: "subheading", text: "Collaboration agreements" },
  {
    type: "paragraph",
    text: "Collaboration is where structure is most often missing. When two or more people create a work together, each intending to merge their contributions into a single whole, U.S. law may treat it as a joint work. By default, each co-author then holds an undivided interest in the entire work and can generally grant non-exclusive licenses without the others’ permission, subject to a duty to share the profits. That may not match what anyone intended. A short collaboration agreement can set out who contributes what, how credit and income are shared, who decides about new uses and what happens if someone leaves the project.",
  },

  { type: "heading", text: "Turning Protection Into Possibility", id: "turning-protection-into-possibility" },
  {
    type: "paragraph",
    text: "Here is the part that often gets lost: each of these tools is as much about opportunity as it is about defense. When you know what you own, you can license it and build income from work you have already made. When your contracts are clear, you can say yes to larger commissions and new partnerships with confidence, because you understand what you are agreeing to. When your practice has the right structure, you can apply for grants, welcome collaborators and plan beyond the next project.",
  },
  {
    type: "paragraph",
    text: "Picture what that can look like in practice: a muralist who licenses a single design for a limited line of prints; a collective that feels ready to invite new members because its decision-making rules are written down; a museum that shares its collection with digital audiences under a clear rights framework; a small tech team that launches with terms its users can actually understand. None of this is about avoiding every risk. It is about choosing your risks on purpose, with your eyes open.",
  },
  {
    type: "paragraph",
    text: "Legal clarity will not make the art for you. But it can clear the space for the art to happen, and help it last.",
  },

  {
    type: "callout",
    title: "Practical tips",
    items: [
      "Make a simple inventory of your work and what you own in it: originals, copyrights, names and logos, and any licenses you have already granted.",
      "Have the money-and-credit conversation at the start of every collaboration, and write down the answers.",
      "Keep business and personal finances separate, whatever structure you choose.",
      "Before forming a nonprofit, ask whether fiscal sponsorship could meet your needs for now.",
      "Schedule a yearly legal check-in for your practice, the same way you might plan a studio clean-out.",
    ],
  },

  {
    type: "paragraph",
    text: "If you are ready to treat the law as part of your creative practice rather than a hurdle in front of it, we would love to hear about your work. [Get in touch](/contact) to start a conversation, or explore our [services](/services) and [workshops](/services/workshops) for artists, organizations and creative teams.",
  },
];
