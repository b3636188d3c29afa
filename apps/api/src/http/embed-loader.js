// The twin's chat on a creator's own site (docs/embed.md), served as /embed.js:
//   <script async src="https://doppel.example/embed.js" data-twin="mia"></script>
// It adds a chat bubble and nothing else until the fan taps it: the frame with the twin's chat
// (/embed/<tag>, whose frame-ancestors name the sites the creator allowed) is made on the first tap.
// Plain script with no dependency, inside a shadow root so the host page's styles cannot reach it.
(() => {
  const script = document.currentScript;
  const tag = script?.getAttribute('data-twin');
  if (!tag) return;
  const origin = new URL(script.src).origin;
  const label = script.getAttribute('data-label') || 'Chat with me';
  const css =
    ':host{all:initial}' +
    '.b{position:fixed;right:20px;bottom:20px;z-index:2147483646;width:60px;height:60px;border:0;border-radius:50%;' +
    'background:#7048e8;color:#fff;cursor:pointer;box-shadow:0 4px 16px rgba(0,0,0,.25);display:grid;place-items:center}' +
    '.b:focus-visible,.x:focus-visible{outline:3px solid #ffd43b;outline-offset:2px}' +
    '.p{position:fixed;right:20px;bottom:92px;z-index:2147483647;width:380px;height:min(640px,calc(100vh - 112px));' +
    'border-radius:16px;overflow:hidden;background:#fff;box-shadow:0 8px 32px rgba(0,0,0,.3)}' +
    '.p[hidden]{display:none}' +
    '.x{position:absolute;top:8px;right:8px;z-index:1;width:32px;height:32px;border:0;border-radius:50%;' +
    'background:rgba(0,0,0,.55);color:#fff;font:20px/1 sans-serif;cursor:pointer}' +
    'iframe{width:100%;height:100%;border:0}' +
    '@media (max-width:480px){.p{inset:0;width:auto;height:auto;border-radius:0}}';
  const icon =
    '<svg width="28" height="28" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2" aria-hidden="true">' +
    '<path d="M21 12a8 8 0 0 1-11.6 7.1L4 20l1-4.6A8 8 0 1 1 21 12z"/></svg>';

  const build = () => {
    const host = document.createElement('div');
    host.setAttribute('data-doppel-embed', tag);
    const root = host.attachShadow({ mode: 'open' });
    root.innerHTML = `<style>${css}</style><button class="b" type="button" aria-expanded="false">${icon}</button><div class="p" role="dialog" hidden><button class="x" type="button" aria-label="Close the chat">×</button></div>`;
    const bubble = root.querySelector('.b');
    const panel = root.querySelector('.p');
    const close = root.querySelector('.x');
    bubble.setAttribute('aria-label', label);
    panel.setAttribute('aria-label', label);
    let frame = null;
    const toggle = (open) => {
      if (open && !frame) {
        frame = document.createElement('iframe');
        frame.src = `${origin}/embed/${encodeURIComponent(tag)}`;
        frame.title = label;
        frame.allow = 'microphone; autoplay; clipboard-write';
        panel.append(frame);
      }
      panel.hidden = !open;
      bubble.setAttribute('aria-expanded', String(open));
      (open ? close : bubble).focus();
    };
    bubble.addEventListener('click', () => toggle(panel.hidden));
    close.addEventListener('click', () => toggle(false));
    root.addEventListener('keydown', (event) => {
      if (event.key === 'Escape' && !panel.hidden) toggle(false);
    });
    document.body.append(host);
  };
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', build);
  else build();
})();
