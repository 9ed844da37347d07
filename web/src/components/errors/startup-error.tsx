// Shown instead of the app when it cannot start (no or invalid /config.json): says what is wrong
// and how a developer fixes it, since only a misconfigured deployment or launcher gets here.
export function StartupError({ error }: { error: unknown }) {
  const detail = error instanceof Error ? error.message : String(error);
  return (
    <main role="alert" className="mx-auto flex min-h-dvh max-w-lg flex-col justify-center gap-3 px-4">
      <h1 className="text-xl font-semibold text-slate-900">The app could not start</h1>
      <p className="text-sm text-slate-700">
        Its configuration could not be loaded. Please try again in a moment.
      </p>
      <pre className="overflow-x-auto rounded-md bg-slate-100 p-3 text-xs whitespace-pre-wrap text-slate-700">
        {detail}
      </pre>
      <p className="text-xs text-slate-500">
        Developers: run <code>npm start</code>, which writes the config and serves it as /config.json.
      </p>
    </main>
  );
}
