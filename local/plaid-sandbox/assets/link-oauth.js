// An OAuth bank's login page in the local sandbox: on success it sends the user back to Link —
// by redirect to the app's redirect_uri (or the hosted link page), or, when Link opened it as a
// popup, by a message to Link's window — as a real bank's OAuth consent page would.
/* global document, window */
(() => {
  'use strict';
  const stateId = document.documentElement.dataset.state || '';
  const form = document.getElementById('bank-login');
  const error = document.getElementById('bank-error');
  const submit = form.querySelector('button[type="submit"]');
  document.getElementById('bank-heading').focus();

  const finished = (message) => {
    form.replaceChildren(Object.assign(document.createElement('p'), { textContent: message }));
  };

  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    const data = new window.FormData(form);
    submit.disabled = true;
    error.hidden = true;
    try {
      const response = await fetch('/link/oauth/login', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({
          oauth_state_id: stateId,
          username: String(data.get('username') || ''),
          password: String(data.get('password') || ''),
        }),
      });
      const body = await response.json();
      if (!response.ok) {
        error.textContent = body.display_message || body.error_message || 'Please try again.';
        error.hidden = false;
        submit.disabled = false;
        return;
      }
      if (body.redirect_url) {
        window.location.assign(body.redirect_url);
      } else if (window.opener) {
        window.opener.postMessage(
          { source: 'plaid-sandbox-oauth', oauth_state_id: stateId },
          window.location.origin,
        );
        finished('You are signed in. Return to the app to finish.');
        window.close();
      } else {
        finished('You are signed in. You can close this window.');
      }
    } catch {
      error.textContent = 'The bank could not be reached. Please try again.';
      error.hidden = false;
      submit.disabled = false;
    }
  });
})();
