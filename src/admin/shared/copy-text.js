/*
 * The inbox's one script, served at /admin/scripts/copy-text.js to the pages that offer a text to copy (the
 * decline letter, a consultation offer's letter and link, the calendar address): it shows each
 * `button[data-copy]` and puts the text of the element it names on the clipboard (a field's value, as it
 * stands, edits included). Without it the button stays hidden and the text can be selected and copied by
 * hand; the same text is also a download or a link to the mail program.
 */
for (const button of document.querySelectorAll("button[data-copy]")) {
  const source = document.getElementById(button.dataset.copy ?? "");
  const status = document.getElementById(button.dataset.copyStatus ?? "");
  if (!source || !status || !navigator.clipboard) continue;
  const field = source instanceof HTMLInputElement || source instanceof HTMLTextAreaElement ? source : undefined;
  button.hidden = false;
  button.addEventListener("click", async () => {
    try {
      await navigator.clipboard.writeText(field ? field.value : (source.textContent ?? ""));
      status.textContent = button.dataset.copied ?? "";
    } catch {
      // Refused (no permission, or the page lost focus): the text is selected for the keyboard's own copy.
      if (field) field.select();
      else getSelection()?.selectAllChildren(source);
      status.textContent = button.dataset.copyRefused ?? "";
    }
  });
}
