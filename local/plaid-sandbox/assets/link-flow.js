// The Link stand-in's page: consent, institution, credentials, accounts, success. Embedded in the
// host page's iframe it reports to /link/link-initialize.js with postMessage; as hosted link it
// redirects to the completion URL. Built with DOM calls only: no inline script, style or handler.
/* global document, window */
(() => {
  'use strict';
  const root = document.documentElement;
  const token = root.dataset.token || '';
  const mode = root.dataset.mode === 'hosted' ? 'hosted' : 'embedded';
  const parentOrigin = root.dataset.parentOrigin || '';
  // Set when Link re-opens after an OAuth bank's page (receivedRedirectUri / hosted link return).
  const oauthStateId = root.dataset.oauthStateId || '';
  const view = document.getElementById('link-view');
  const closeButton = document.getElementById('link-close');

  const state = {
    session: null,
    institution: null,
    accounts: [],
    accountSelection: true,
    viewName: null,
    lastError: null,
    requestId: null,
    finished: false,
    finishSuccess: null,
  };

  function el(tag, attributes, ...children) {
    const node = document.createElement(tag);
    for (const [name, value] of Object.entries(attributes || {})) {
      if (value === false || value === null || value === undefined) continue;
      if (name === 'onClick') node.addEventListener('click', value);
      else if (name === 'onSubmit') node.addEventListener('submit', value);
      else if (name === 'onInput') node.addEventListener('input', value);
      else if (name === 'onChange') node.addEventListener('change', value);
      else if (name === 'className') node.className = value;
      else if (value === true) node.setAttribute(name, '');
      else node.setAttribute(name, String(value));
    }
    for (const child of children.flat()) {
      if (child === null || child === undefined || child === false) continue;
      node.append(typeof child === 'string' ? document.createTextNode(child) : child);
    }
    return node;
  }

  async function call(path, payload) {
    const response = await fetch(path, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        link_token: token,
        link_session_id: state.session ? state.session.link_session_id : undefined,
        ...payload,
      }),
    });
    const data = await response.json();
    if (data.request_id) state.requestId = data.request_id;
    if (!response.ok) {
      const error = new Error(data.error_message || 'request failed');
      error.plaid = {
        error_type: data.error_type,
        error_code: data.error_code,
        error_message: data.error_message,
        display_message: data.display_message,
      };
      throw error;
    }
    return data;
  }

  function post(type, payload) {
    if (mode !== 'embedded' || window.parent === window || !parentOrigin) return;
    window.parent.postMessage({ source: 'plaid-sandbox-link', type, ...payload }, parentOrigin);
  }

  function institutionMetadata() {
    return state.institution
      ? { institution_id: state.institution.institution_id, institution_name: state.institution.name }
      : {};
  }

  function emit(eventName, metadata) {
    const full = {
      link_session_id: state.session ? state.session.link_session_id : null,
      request_id: state.requestId,
      timestamp: new Date().toISOString(),
      view_name: state.viewName,
      ...institutionMetadata(),
      ...metadata,
    };
    post('event', { event_name: eventName, metadata: full });
    if (state.session)
      call('/link/session/event', { event_name: eventName, event_metadata: full }).catch(() => {});
  }

  function show(viewName, ...children) {
    state.viewName = viewName;
    const heading = children[0];
    heading.id = 'link-heading';
    heading.tabIndex = -1;
    view.replaceChildren(...children);
    heading.focus();
    emit('TRANSITION_VIEW', { view_name: viewName });
  }

  function exitStatus() {
    switch (state.viewName) {
      case 'CREDENTIAL':
        return 'requires_credentials';
      case 'SELECT_ACCOUNT':
        return 'requires_account_selection';
      case 'OAUTH':
        return 'requires_oauth';
      case 'ERROR':
        return state.institution ? 'requires_credentials' : 'institution_not_found';
      default:
        return 'institution_not_found';
    }
  }

  async function exit() {
    // Closing Link after the account is linked still reports the success.
    if (state.finishSuccess) return state.finishSuccess();
    if (state.finished) return;
    state.finished = true;
    const error = state.lastError;
    const status = exitStatus();
    emit('EXIT', { exit_status: status, ...(error || {}) });
    let result = { error, metadata: { institution: null, status, link_session_id: null, request_id: null } };
    if (state.session) {
      try {
        result = await call('/link/session/exit', { error, status });
      } catch {
        // The token may have expired; the host still learns that Link closed.
      }
    }
    if (mode === 'embedded') post('exit', { error: result.error || null, metadata: result.metadata });
    else if (result.redirect_url) window.location.assign(result.redirect_url);
    else showClosed('You can close this window.');
  }

  function showClosed(message) {
    view.replaceChildren(el('h1', { id: 'link-heading', tabindex: '-1' }, message));
  }

  function fail(error) {
    state.lastError = error.plaid || {
      error_type: 'API_ERROR',
      error_code: 'INTERNAL_SERVER_ERROR',
      error_message: error.message,
      display_message: null,
    };
    emit('ERROR', {
      error_type: state.lastError.error_type,
      error_code: state.lastError.error_code,
      error_message: state.lastError.error_message,
    });
    show(
      'ERROR',
      el('h1', {}, 'Something went wrong'),
      el(
        'p',
        { role: 'alert' },
        state.lastError.display_message || state.lastError.error_message || 'Please try again.',
      ),
      el('p', { className: 'muted' }, `Error code: ${state.lastError.error_code}`),
      state.session && state.session.mode === 'create'
        ? el(
            'button',
            { type: 'button', className: 'secondary', onClick: () => selectInstitution() },
            'Try another institution',
          )
        : null,
      el('button', { type: 'button', className: 'primary', onClick: () => exit() }, 'Exit'),
    );
  }

  function consent() {
    show(
      'CONSENT',
      el('h1', {}, `${state.session.client_name} uses Plaid to connect your account`),
      el('p', {}, 'This is the local Plaid sandbox: no real bank is contacted.'),
      el('p', { className: 'muted' }, 'Your login details stay with your bank; the app gets read-only data.'),
      el('button', { type: 'button', className: 'primary', onClick: () => selectInstitution() }, 'Continue'),
    );
  }

  function selectInstitution() {
    state.lastError = null;
    state.institution = null;
    const list = el('ul', { className: 'institutions' });
    const render = (query) => {
      const q = query.trim().toLowerCase();
      const matches = state.session.institutions.filter((i) => i.name.toLowerCase().includes(q));
      list.replaceChildren(
        ...(matches.length
          ? matches.map((institution) =>
              el(
                'li',
                {},
                el(
                  'button',
                  {
                    type: 'button',
                    onClick: () => {
                      state.institution = institution;
                      emit('SELECT_INSTITUTION', {});
                      if (institution.oauth) oauth();
                      else credentials();
                    },
                  },
                  institution.name,
                ),
              ),
            )
          : [el('li', { className: 'muted' }, 'No institutions match your search.')]),
      );
    };
    render('');
    const search = el('input', {
      id: 'institution-search',
      type: 'search',
      autocomplete: 'off',
      onInput: (event) => {
        render(event.target.value);
        emit('SEARCH_INSTITUTION', { institution_search_query: event.target.value });
      },
    });
    show(
      'SELECT_INSTITUTION',
      el('h1', {}, 'Select your institution'),
      el('label', { for: 'institution-search' }, 'Search institutions'),
      search,
      list,
    );
  }

  function credentials() {
    const error = el('p', { className: 'error', role: 'alert', hidden: true });
    const submit = el('button', { type: 'submit', className: 'primary' }, 'Continue');
    const form = el(
      'form',
      {
        novalidate: true,
        onSubmit: async (event) => {
          event.preventDefault();
          const data = new window.FormData(form);
          submit.disabled = true;
          submit.setAttribute('aria-busy', 'true');
          error.hidden = true;
          emit('SUBMIT_CREDENTIALS', {});
          try {
            const result = await call('/link/session/credentials', {
              institution_id: state.institution.institution_id,
              username: String(data.get('username') || ''),
              password: String(data.get('password') || ''),
            });
            afterLogin(result);
          } catch (failure) {
            if (failure.plaid && failure.plaid.error_code === 'INVALID_CREDENTIALS') {
              state.lastError = failure.plaid;
              emit('ERROR', {
                error_type: failure.plaid.error_type,
                error_code: failure.plaid.error_code,
                error_message: failure.plaid.error_message,
              });
              error.textContent = failure.plaid.display_message || failure.plaid.error_message;
              error.hidden = false;
              submit.disabled = false;
              submit.removeAttribute('aria-busy');
              form.elements.namedItem('password').focus();
            } else {
              fail(failure);
            }
          }
        },
      },
      el('label', { for: 'username' }, 'Username'),
      el('input', {
        id: 'username',
        name: 'username',
        type: 'text',
        autocomplete: 'username',
        required: true,
      }),
      el('label', { for: 'password' }, 'Password'),
      el('input', {
        id: 'password',
        name: 'password',
        type: 'password',
        autocomplete: 'current-password',
        required: true,
      }),
      error,
      el(
        'p',
        { className: 'hint' },
        'Sandbox logins: user_good / pass_good. See docs/plaid-sandbox.md for the others.',
      ),
      submit,
    );
    const back =
      state.session.mode === 'create'
        ? el('button', { type: 'button', className: 'secondary', onClick: () => selectInstitution() }, 'Back')
        : null;
    show(
      'CREDENTIAL',
      el('h1', {}, `Log in to ${state.institution.name}`),
      el('p', { className: 'muted' }, 'Enter the credentials you use for online banking.'),
      form,
      back,
    );
  }

  function afterLogin(result) {
    state.lastError = null;
    state.institution = { ...state.institution, ...result.institution };
    state.accounts = result.accounts;
    state.accountSelection = result.account_selection;
    if (result.account_selection) selectAccounts(result.selected);
    else completeLink(result.selected || []);
  }

  async function loadAccounts() {
    try {
      afterLogin(await call('/link/session/accounts', {}));
    } catch (failure) {
      fail(failure);
    }
  }

  /** An OAuth bank: the user logs in on the bank's page, by redirect or in a popup, then returns. */
  async function oauth() {
    state.lastError = null;
    let begun;
    try {
      begun = await call('/link/session/oauth', { institution_id: state.institution.institution_id, mode });
    } catch (failure) {
      fail(failure);
      return;
    }
    const note = el('p', { className: 'muted', role: 'status' });
    const onMessage = (event) => {
      const data = event.data;
      if (event.origin !== window.location.origin || !data || data.source !== 'plaid-sandbox-oauth') return;
      if (data.oauth_state_id !== begun.oauth_state_id) return;
      window.removeEventListener('message', onMessage);
      emit('CLOSE_OAUTH', {});
      loadAccounts();
    };
    const go = () => {
      emit('OPEN_OAUTH', {});
      if (begun.popup) {
        window.addEventListener('message', onMessage);
        const popup = window.open(begun.authorize_url, 'plaid-oauth', 'popup,width=480,height=720');
        note.textContent = popup
          ? `Finish logging in to ${state.institution.name} in the window that opened.`
          : 'Allow pop-ups for this page to log in to your bank.';
      } else if (mode === 'hosted') {
        window.location.assign(begun.authorize_url);
      } else {
        post('redirect', { url: begun.authorize_url });
      }
    };
    show(
      'OAUTH',
      el('h1', {}, `Continue to ${state.institution.name}`),
      el(
        'p',
        {},
        `You will log in on ${state.institution.name}'s website, then come back here to choose your accounts.`,
      ),
      note,
      el('button', { type: 'button', className: 'primary', onClick: go }, 'Continue'),
      state.session.mode === 'create'
        ? el('button', { type: 'button', className: 'secondary', onClick: () => selectInstitution() }, 'Back')
        : null,
    );
  }

  function selectAccounts(preselected) {
    const chosen = new Set(preselected || state.accounts.map((account) => account.id));
    const submit = el('button', { type: 'button', className: 'primary' }, 'Continue');
    const refresh = () => {
      submit.disabled = chosen.size === 0;
    };
    const boxes = state.accounts.map((account) =>
      el(
        'label',
        { className: 'account' },
        el('input', {
          type: 'checkbox',
          name: 'account',
          value: account.id,
          checked: chosen.has(account.id),
          onChange: (event) => {
            if (event.target.checked) chosen.add(account.id);
            else chosen.delete(account.id);
            refresh();
          },
        }),
        `${account.name} ••••${account.mask} (${account.subtype})`,
      ),
    );
    submit.addEventListener('click', () => {
      submit.disabled = true;
      completeLink([...chosen]);
    });
    refresh();
    show(
      'SELECT_ACCOUNT',
      el('h1', {}, 'Select accounts'),
      el('p', { className: 'muted' }, `Choose the accounts ${state.session.client_name} may access.`),
      el('fieldset', {}, el('legend', {}, 'Accounts'), boxes),
      submit,
    );
  }

  async function completeLink(accountIds) {
    try {
      const result = await call('/link/session/complete', { account_ids: accountIds });
      connected(result);
    } catch (failure) {
      fail(failure);
    }
  }

  function connected(result) {
    const finish = () => {
      if (state.finished) return;
      state.finished = true;
      emit('HANDOFF', {});
      if (mode === 'embedded')
        post('success', { public_token: result.public_token, metadata: result.metadata });
      else if (result.redirect_url) window.location.assign(result.redirect_url);
      else showClosed('Your account is connected. You can close this window.');
    };
    state.finishSuccess = finish;
    show(
      'CONNECTED',
      el('h1', {}, 'Success'),
      el('p', {}, `Your account has been successfully linked to ${state.session.client_name}.`),
      el('button', { type: 'button', className: 'primary', onClick: finish }, 'Continue'),
    );
  }

  closeButton.addEventListener('click', () => exit());
  document.addEventListener('keydown', (event) => {
    if (event.key === 'Escape') exit();
  });
  window.addEventListener('message', (event) => {
    if (event.origin !== parentOrigin || !event.data || event.data.source !== 'plaid-sandbox-link') return;
    if (event.data.type === 'exit') exit();
  });

  (async () => {
    try {
      state.session = await call('/link/session/start', oauthStateId ? { oauth_state_id: oauthStateId } : {});
    } catch (failure) {
      fail(failure);
      return;
    }
    emit('OPEN', {});
    state.institution = state.session.institution;
    if (state.session.resumed) {
      emit('CLOSE_OAUTH', {});
      loadAccounts();
    } else if (state.session.mode === 'update') {
      if (state.institution.oauth) oauth();
      else credentials();
    } else {
      consent();
    }
  })();
})();
