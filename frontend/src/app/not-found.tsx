import { Link, useRouteError } from "react-router-dom";
import { paths } from "../config/paths";

/** Unknown path for a signed-in user (spec 2.1). */
export function NotFoundPage() {
  return (
    <section className="page blocking-screen">
      <div className="card">
        <h1>Sorry, this page was not found.</h1>
        <Link to={paths.dashboard}>Back to Pacer</Link>
      </div>
    </section>
  );
}

/** A page that failed to load (for example a chunk missing after a deploy). */
export function RouteError() {
  const error = useRouteError();
  console.error(error);
  return (
    <main className="page blocking-screen">
      <div className="card">
        <h1>Something went wrong, please try again</h1>
        <button type="button" className="btn btn-primary" onClick={() => window.location.reload()}>
          Reload
        </button>
      </div>
    </main>
  );
}
