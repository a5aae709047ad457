import { href } from '../lib/router.js'

export function NotFoundPage() {
  return (
    <section>
      <h1>Not found</h1>
      <p>
        Nothing here. Go back to the <a href={href()}>overview</a>.
      </p>
    </section>
  )
}
