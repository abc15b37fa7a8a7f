// 分享图片, share as a picture (issue 30, item 5): a button [data-share-picture] draws an
// element as the page shows it — a result card (the card the button is in) or the
// ledger's sheet (data-share-target, a CSS selector) — into a PNG, and hands it to the
// phone's share sheet where the browser takes files, else downloads it. The picture is
// made from the page's own elements: a copy of each with the styles the browser computed
// for it and the tile pictures inlined, drawn through an SVG <foreignObject> onto a
// canvas, so it cannot drift from the page. The buttons' markup: presentation/page.py
// share_button_html and templates/_share_button.html.
(function () {
  "use strict";

  const SVG_NS = "http://www.w3.org/2000/svg";
  const XHTML_NS = "http://www.w3.org/1999/xhtml";
  // Left out of the picture: the controls, which do nothing in it. Shown in it only:
// [data-share-only] (hidden on the page).
  const LEFT_OUT = "[data-share-omit], button, .btn, form";
  const MARGIN = 12; // CSS pixels of the page's background around the element
  // iOS Safari refuses a canvas of more than 16,777,216 pixels, and some browsers one
  // with a side over 16,384.
  const MAX_AREA = 16777216;
  const MAX_SIDE = 16384;

  // A picture whose share sheet needed a second tap (Safari allows it only right after a
  // tap, and drawing took longer), by its button.
  const ready = new WeakMap();

  document.addEventListener("click", (event) => {
    const button = event.target.closest("[data-share-picture]");
    if (button) shareFrom(button);
  });

  async function shareFrom(button) {
    const status = button.parentElement.querySelector("[data-share-status]");
    const secondTap = ready.has(button);
    let file = ready.get(button);
    ready.delete(button);
    if (!file) {
      button.disabled = true;
      status.textContent = button.dataset.msgBusy;
      try {
        file = await pictureFile(button);
        status.textContent = "";
      } catch (error) {
        status.textContent = button.dataset.msgFailed;
        console.warn("share.js:", error);
        return;
      } finally {
        button.disabled = false;
      }
    }
    if (!(navigator.canShare && navigator.canShare({ files: [file] }))) {
      download(file);
      return;
    }
    try {
      await navigator.share({ files: [file] });
    } catch (error) {
      if (error.name === "AbortError") return; // the player closed the share sheet
      if (error.name === "NotAllowedError" && !secondTap) {
        ready.set(button, file);
        status.textContent = button.dataset.msgAgain;
        return;
      }
      download(file);
    }
  }

  async function pictureFile(button) {
    const selector = button.dataset.shareTarget;
    const element = selector ? document.querySelector(selector) : button.closest(".card");
    const blob = await picture(element);
    return new File([blob], fileName(button.dataset.shareName), { type: "image/png" });
  }

  // "<name>-2026-12-02-2315.png", in the phone's time; no characters a file system refuses.
  function fileName(name) {
    const now = new Date();
    const two = (number) => String(number).padStart(2, "0");
    const stem = (name || "mahjong").trim().replace(/[\\/:*?"<>|\s]+/g, "-");
    return `${stem}-${now.getFullYear()}-${two(now.getMonth() + 1)}-${two(now.getDate())}-` +
      `${two(now.getHours())}${two(now.getMinutes())}.png`;
  }

  function download(file) {
    const link = document.createElement("a");
    link.href = URL.createObjectURL(file);
    link.download = file.name;
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(link.href), 60000);
  }

  // The element as a PNG: at least twice its CSS size (the phone's own pixel ratio where
  // higher), on the page's background.
  async function picture(element) {
    const { width, height, markup } = await copyOf(element);
    const background = pageBackground();
    const svg = `<svg xmlns="${SVG_NS}" width="${width}" height="${height}">` +
      `<foreignObject x="0" y="0" width="${width}" height="${height}">` +
      `<div xmlns="${XHTML_NS}" lang="${escaped(document.documentElement.lang)}" ` +
      `style="padding: ${MARGIN}px; background: ${background}">${markup}</div>` +
      "</foreignObject></svg>";
    const image = new Image();
    image.src = "data:image/svg+xml;charset=utf-8," + encodeURIComponent(svg);
    await image.decode();

    const scale = Math.min(Math.max(window.devicePixelRatio || 1, 2),
                           Math.sqrt(MAX_AREA / (width * height)), MAX_SIDE / Math.max(width, height));
    const canvas = document.createElement("canvas");
    canvas.width = Math.floor(width * scale);
    canvas.height = Math.floor(height * scale);
    const context = canvas.getContext("2d");
    context.fillStyle = background;
    context.fillRect(0, 0, canvas.width, canvas.height);
    context.drawImage(image, 0, 0, canvas.width, canvas.height);
    return new Promise((resolve, reject) => {
      canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error("no PNG"))), "image/png");
    });
  }

  function pageBackground() {
    const colour = getComputedStyle(document.body).backgroundColor;
    return colour && colour !== "rgba(0, 0, 0, 0)" && colour !== "transparent" ? colour : "#fff";
  }

  // The element's copy as XHTML, and its size with the margin. Each element of the copy
  // gets, as a class, the styles the browser computed for the original (one rule per
  // distinct set, in a <style> of its own); each picture becomes a data: URL (an SVG
  // drawn as an image loads nothing from outside). The controls are hidden while the
  // styles are read, so the copy is laid out as the element is without them; they are
  // shown again in the same task, before the page is painted.
  async function copyOf(element) {
    const hidden = Array.from(element.querySelectorAll(LEFT_OUT), (node) => {
      const was = [node.style.getPropertyValue("display"), node.style.getPropertyPriority("display")];
      node.style.setProperty("display", "none", "important");
      return () => node.style.setProperty("display", ...was);
    }).concat(Array.from(element.querySelectorAll("[data-share-only]"), (node) => {
      node.hidden = false; // what only the picture says: which table it is
      return () => { node.hidden = true; };
    }));
    const scrolled = [window.scrollX, window.scrollY];
    let box, copy, rules;
    const pictures = [];
    try {
      box = element.getBoundingClientRect();
      copy = element.cloneNode(true);
      rules = styled(element, copy, pictures);
    } finally {
      hidden.forEach((show) => show());
      window.scrollTo(...scrolled);
    }
    await Promise.all(pictures);
    const style = Array.from(rules, ([declarations, name]) => `.${name} { ${declarations} }`).join("\n");
    return {
      width: Math.ceil(box.width) + 2 * MARGIN,
      height: Math.ceil(box.height) + 2 * MARGIN,
      markup: `<style>${escaped(style)}</style>${new XMLSerializer().serializeToString(copy)}`,
    };
  }

  // The copy's elements styled as the original's, what is not displayed left out; each
  // picture's data: URL put in place once fetched (``pictures``, its promises).
  function styled(element, copy, pictures) {
    const rules = new Map(); // computed styles → class name
    const originals = [element, ...element.querySelectorAll("*")];
    const copies = [copy, ...copy.querySelectorAll("*")];
    const left = new Set();
    originals.forEach((original, index) => {
      const twin = copies[index];
      const computed = getComputedStyle(original);
      if (left.has(original.parentElement) || computed.display === "none") {
        left.add(original);
        twin.remove();
        return;
      }
      let declarations = Array.from(computed, (name) => `${name}: ${computed.getPropertyValue(name)};`)
        .join(" ");
      if (original === element) declarations += " margin: 0;";
      if (!rules.has(declarations)) rules.set(declarations, `s${rules.size}`);
      twin.setAttribute("class", rules.get(declarations));
      twin.removeAttribute("style");
      if (original instanceof HTMLImageElement) {
        twin.removeAttribute("srcset");
        twin.removeAttribute("loading");
        pictures.push(dataUrl(original.currentSrc || original.src).then((url) => {
          twin.setAttribute("src", url);
        }));
      }
    });
    return rules;
  }

  const fetched = new Map(); // a picture's URL → its data: URL, once fetched
  function dataUrl(url) {
    if (!fetched.has(url)) {
      const reading = fetch(url).then((response) => {
        if (!response.ok) throw new Error(`${url}: ${response.status}`);
        return response.blob();
      }).then((blob) => new Promise((resolve, reject) => {
        const reader = new FileReader();
        reader.onload = () => resolve(reader.result);
        reader.onerror = () => reject(reader.error);
        reader.readAsDataURL(blob);
      }));
      reading.catch(() => fetched.delete(url)); // tried again on the next tap
      fetched.set(url, reading);
    }
    return fetched.get(url);
  }

  function escaped(text) {
    return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
  }
})();
