import type { Block } from "../blocks.ts";

/** Body of "How to License Your Artwork". Figures in the text are examples only. */
export const body: readonly Block[] = [
  {
    type: "paragraph",
    text: "Licensing is one of the most useful tools an artist has. Instead of selling your work once, you give someone permission to use it in specific ways (on a product, in a publication, across a campaign) while you keep the copyright. The same image can support a print run, a book cover and a museum shop collection, each under its own terms.",
  },
  {
    type: "paragraph",
    text: "A license is only as good as the agreement behind it, though. The six steps below reflect how we approach licensing with artists, galleries, museums and creative teams.",
  },

  { type: "heading", text: "Step 1: Choose the License Type", id: "step-1-choose-the-license-type" },
  {
    type: "paragraph",
    text: "Start by deciding how much control you are willing to give up. Most licenses fall into one of three broad types, and the choice affects both your price and your future options.",
  },
  {
    type: "list",
    items: [
      "Exclusive license: only the licensee may use the work in the ways the license describes, and depending on the wording, that can exclude you as well. Exclusivity is valuable to a licensee, so it usually commands a higher fee. Under U.S. copyright law, an exclusive license is treated as a transfer of rights and must be in writing and signed by the copyright owner.",
      "Non-exclusive license: you remain free to grant the same rights to other licensees at the same time. This is common for prints, stock imagery, editorial uses and many merchandise programs, and it lets one work earn from several sources.",
      "Limited license: permission narrowed to a particular purpose, such as a single exhibition catalog, a one-time editorial use or a specific event. A limited license can be exclusive or non-exclusive; what makes it limited is how tightly the permission is drawn.",
    ],
  },
  {
    type: "paragraph",
    text: "Exclusivity can itself be narrow. You might grant exclusive rights only within one product category, such as home goods, or one region, while staying free to license the same work for stationery or elsewhere.",
  },

  { type: "heading", text: "Step 2: Define the Scope of Use", id: "step-2-define-the-scope-of-use" },
  {
    type: "paragraph",
    text: "The scope is the heart of the license. It answers one question: exactly what is this licensee allowed to do? Work through four dimensions:",
  },
  {
    type: "list",
    items: [
      "Media: where the work will appear, whether print, packaging, apparel, web, social media, film, broadcast or a physical installation.",
      "Territory: the geographic area covered, from a single city to the United States to the whole world.",
      "Duration: how long the rights last. For example, a 12-month license term with an option to renew gives both sides a natural moment to revisit the deal.",
      "Quantity: how many copies or units are allowed. A licensee printing 10,000 T-shirts is making a very different use than a café printing 200 menus, and the license should say which one it is.",
    ],
  },
  {
    type: "paragraph",
    text: "Also decide whether the licensee may modify the work, combine it with other content or grant sublicenses to manufacturers and distributors. Then close the scope with a reservation of rights: everything you have not expressly granted stays with you.",
  },

  { type: "heading", text: "Step 3: Set Fees and Royalties", id: "step-3-set-fees-and-royalties" },
  {
    type: "paragraph",
    text: "There is no single correct price for a license, but most deals are built from a few familiar structures:",
  },
  {
    type: "list",
    items: [
      "Flat fee: a one-time payment for the defined use. It is simple and predictable, and it suits limited or short-term licenses well.",
      "Royalty: a percentage of sales, often calculated on the licensee’s wholesale price or net sales. If the contract uses “net,” define exactly which deductions are allowed.",
      "Advance against royalties: an upfront payment that the licensee recovers from your future royalties before paying you more.",
      "Minimum guarantee: a floor the licensee pays regardless of sales, which protects you if a product underperforms or never launches.",
    ],
  },
  {
    type: "paragraph",
    text: "When you set a price, consider how broad the scope is, whether the deal is exclusive, the licensee’s size and reach, and what you give up by saying yes. For royalty deals, ask for written sales statements on a fixed schedule and the right to audit the licensee’s records if the numbers do not add up.",
  },

  { type: "heading", text: "Step 4: Put Protections in Writing", id: "step-4-put-protections-in-writing" },
  {
    type: "paragraph",
    text: "A written license protects both sides by replacing assumptions with agreed terms. A non-exclusive license can sometimes be implied from conduct or a conversation, but relying on an implied license invites disputes about what was actually allowed. Beyond scope and payment, a strong license usually addresses:",
  },
  {
    type: "list",
    items: [
      "Credit: how and where you will be attributed.",
      "Quality control: your right to approve samples or proofs before products go to market.",
      "Integrity of the work: limits on cropping, recoloring or otherwise altering the work without your consent.",
      "Warranties and indemnities: what each side promises, and who bears the cost if a third party makes a claim. Read these closely, because they can shift significant risk onto you.",
      "Termination: your right to end the license for nonpayment or other breach, and whether the licensee gets a short sell-off period for existing inventory.",
      "New technologies: whether the work may be used to train or fine-tune artificial intelligence systems, or in formats that do not exist yet.",
    ],
  },

  { type: "heading", text: "Step 5: Register Your Copyright", id: "step-5-register-your-copyright" },
  {
    type: "paragraph",
    text: "In the United States, copyright protection begins automatically the moment an original work is fixed in a tangible form. You do not need to register to own your copyright. Registration with the U.S. Copyright Office still matters a great deal, especially once your work is out in the world under license.",
  },
  {
    type: "paragraph",
    text: "For works first published in the United States, you generally must register, or have your application refused, before you can file a lawsuit for infringement. Registration also affects what you can recover: statutory damages and attorney’s fees are generally available only if the work was registered before the infringement began, or within three months after the work was first published. And a registration made before or within five years after publication is treated as evidence that your copyright is valid, which puts the burden on the other side to show otherwise.",
  },
  {
    type: "paragraph",
    text: "You can register online through the Copyright Office’s electronic filing system, and the Office offers group registration options for some kinds of work, such as certain unpublished works and photographs. Fees and options change, so check the Office’s current guidance before you file. For artists with active licensing programs, registering key works early is one of the most cost-effective protections available.",
  },

  { type: "heading", text: "Step 6: Track Your Licenses", id: "step-6-track-your-licenses" },
  {
    type: "paragraph",
    text: "Once you have more than a handful of licenses, the details get hard to hold in your head, and a forgotten exclusive deal can collide with a new opportunity. A simple spreadsheet goes a long way. For each license, record:",
  },
  {
    type: "list",
    items: [
      "The work licensed and its copyright registration number, if any.",
      "The licensee, your contact person there and where the signed agreement is stored.",
      "The license type, media, territory, quantity and any exclusivity.",
      "Start and end dates, renewal options and notice deadlines.",
      "Fees, royalty rates, payment due dates and the statements you have received.",
    ],
  },
  {
    type: "paragraph",
    text: "Set calendar reminders for renewal and expiration dates, and check your records before granting any new license so that you never promise rights you have already given away. Good tracking also makes it easier to spot unauthorized uses and follow up on late royalty statements.",
  },

  {
    type: "callout",
    title: "Practical tips",
    items: [
      "Start with non-exclusive or limited licenses while you learn what your work is worth in a given market.",
      "Do not let a licensee start using your work until the agreement is signed and any upfront payment has arrived.",
      "Keep high-resolution files, dated drafts and process images; they help show authorship if a question ever arises.",
      "Register the works you license most often, and register them early.",
      "Revisit your rates regularly. As your audience grows, so does the value of a license.",
    ],
  },

  {
    type: "paragraph",
    text: "Licensing works best when it rests on clear terms and good records. If you are negotiating your first license, reviewing a draft from a licensee or setting up a licensing program for a studio or collection, [contact us](/contact). We help artists and cultural organizations build licensing frameworks that protect the work and open new doors. For the contract basics that sit underneath every license, see [5 Clauses Every Artist Contract Should Include](/blog/5-clauses-artist-contract).",
  },
];
