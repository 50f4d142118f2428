import { Trans, useLingui } from '@lingui/react/macro'
import { useState } from 'react'
import { useRequest } from '../../../lib/ui/use-request'
import { loadFaq } from '../api'
import { searchFaq } from '../logic'
import { RequestView } from './request-view'

/** Spec §2 /me/help: the questions in the reader's language, searched as they type. */
export function HelpCentre() {
  const { t, i18n } = useLingui()
  const [query, setQuery] = useState('')
  const request = useRequest(`faq:${i18n.locale}`, () => loadFaq(i18n.locale))
  return (
    <section className="me-stack" aria-label={t`Help centre`}>
      <input type="search" className="me-search" value={query} onChange={(event) => setQuery(event.target.value)}
        placeholder={t`Search the questions`} aria-label={t`Search the questions`} />
      <RequestView state={request.state} onRetry={request.reload}>
        {(entries) => {
          const found = searchFaq(entries, query)
          if (found.length === 0) return <p className="paged-list__empty" role="status"><Trans>No question matches your search.</Trans></p>
          return (
            <div className="me-faq">
              {found.map((entry) => (
                <details key={entry.question} open={query.trim() !== '' && found.length <= 3}>
                  <summary><span className="me-faq__topic">{entry.topic}</span><br />{entry.question}</summary>
                  <p>{entry.answer}</p>
                </details>
              ))}
            </div>
          )
        }}
      </RequestView>
    </section>
  )
}
