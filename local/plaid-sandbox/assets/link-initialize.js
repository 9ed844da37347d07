// The local sandbox's stand-in for https://cdn.plaid.com/link/v2/stable/link-initialize.js:
// window.Plaid.create({ token, onSuccess, onExit, onEvent, onLoad, receivedRedirectUri }) returns
// { open, exit, destroy, submit }. Like Plaid's script, it shows Link in a full-window iframe served
// by the sandbox, relays the iframe's messages to the callbacks, sends the page to an OAuth bank's
// login when asked, and resumes the session from receivedRedirectUri when the bank sends it back.
/* global document, window */
(() => {
  'use strict';
  const script = document.currentScript;
  const sandboxOrigin = new URL(script && script.src ? script.src : window.location.href).origin;
  let counter = 0;

  function create(config) {
    if (!config || typeof config.token !== 'string' || !config.token) {
      throw new Error('Plaid.create: a link token is required ({ token })');
    }
    if (typeof config.onSuccess !== 'function') throw new Error('Plaid.create: onSuccess must be a function');
    const id = ++counter;
    let iframe = null;
    let returnFocus = null;
    let destroyed = false;

    const close = () => {
      if (iframe) iframe.remove();
      iframe = null;
      if (returnFocus && typeof returnFocus.focus === 'function') returnFocus.focus();
      returnFocus = null;
    };

    const onMessage = (event) => {
      if (!iframe || event.source !== iframe.contentWindow || event.origin !== sandboxOrigin) return;
      const message = event.data;
      if (!message || message.source !== 'plaid-sandbox-link') return;
      if (message.type === 'event') {
        if (typeof config.onEvent === 'function') config.onEvent(message.event_name, message.metadata);
      } else if (message.type === 'success') {
        close();
        config.onSuccess(message.public_token, message.metadata);
      } else if (message.type === 'exit') {
        close();
        if (typeof config.onExit === 'function') config.onExit(message.error, message.metadata);
      } else if (message.type === 'redirect' && typeof message.url === 'string') {
        // An OAuth bank's login page: the whole page goes there, and comes back to redirect_uri.
        if (new URL(message.url).origin === sandboxOrigin) window.location.assign(message.url);
      }
    };
    window.addEventListener('message', onMessage);

    const handler = {
      open() {
        if (destroyed || iframe) return;
        returnFocus = document.activeElement;
        const src = new URL('/link/flow', sandboxOrigin);
        src.searchParams.set('token', config.token);
        src.searchParams.set('origin', window.location.origin);
        if (config.receivedRedirectUri) {
          const stateId = new URL(config.receivedRedirectUri, window.location.href).searchParams.get(
            'oauth_state_id',
          );
          if (stateId) src.searchParams.set('oauth_state_id', stateId);
        }
        iframe = document.createElement('iframe');
        iframe.id = `plaid-link-iframe-${id}`;
        iframe.title = 'Plaid Link';
        iframe.src = src.toString();
        Object.assign(iframe.style, {
          position: 'fixed',
          top: '0',
          left: '0',
          width: '100%',
          height: '100%',
          border: '0',
          zIndex: '2147483647',
          background: 'transparent',
          colorScheme: 'normal',
        });
        iframe.addEventListener('load', () => {
          if (iframe) iframe.focus();
        });
        document.body.appendChild(iframe);
      },
      exit() {
        if (iframe && iframe.contentWindow) {
          iframe.contentWindow.postMessage({ source: 'plaid-sandbox-link', type: 'exit' }, sandboxOrigin);
        }
      },
      destroy() {
        destroyed = true;
        window.removeEventListener('message', onMessage);
        close();
      },
      submit() {},
    };
    if (typeof config.onLoad === 'function') window.setTimeout(config.onLoad, 0);
    return handler;
  }

  window.Plaid = { create, version: 'local-sandbox' };
})();
