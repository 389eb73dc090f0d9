import { useNavigate } from '@tanstack/react-router';
import { useState, type PointerEvent } from 'react';
import { countryName } from '../../../lib/dimension-labels.js';
import { editFilters, filterBy } from '../../../lib/filter-search.js';
import { formatInteger, plural } from '../../../lib/format.js';
import { classOf, stepFill } from '../map-classes.js';
import { COUNTRY_SHAPES, MAP_HEIGHT, MAP_WIDTH } from './world-countries.js';

interface Hover {
  code: string | null;
  name: string;
  x: number;
  y: number;
}

/**
 * The choropleth itself, in its own chunk with the world's shapes. Countries with sessions filter the
 * reports when clicked; the Countries table beside it does the same from the keyboard, so the map is
 * one picture to assistive technology rather than 170 unlabeled shapes.
 */
export function CountryMap({ sessions, bounds }: { sessions: ReadonlyMap<string, number>; bounds: number[] }) {
  const navigate = useNavigate();
  const [hover, setHover] = useState<Hover | null>(null);
  const steps = Math.max(bounds.length, 1);

  const track = (e: PointerEvent<SVGPathElement>, code: string | null, name: string) => {
    const box = e.currentTarget.ownerSVGElement?.getBoundingClientRect();
    // Kept off the edges so the tooltip never sticks out of the card (and never widens a phone's page).
    if (box)
      setHover({ code, name, x: Math.min(Math.max(e.clientX - box.left, 70), box.width - 70), y: e.clientY - box.top });
  };
  const count = hover?.code ? (sessions.get(hover.code) ?? 0) : 0;

  return (
    <div className="map-wrap" onPointerLeave={() => setHover(null)}>
      <svg
        viewBox={`0 0 ${MAP_WIDTH} ${MAP_HEIGHT}`}
        className="country-map"
        role="img"
        aria-label="World map of sessions by country. The Countries table lists the same figures."
        data-testid="country-map"
      >
        {COUNTRY_SHAPES.map((c, i) => {
          const n = c.code ? (sessions.get(c.code) ?? 0) : 0;
          const step = classOf(n, bounds);
          const code = c.code;
          return (
            <path
              key={`${c.code ?? c.name}-${i}`}
              d={c.d}
              fill={stepFill(step, steps)}
              className={n > 0 ? 'has-sessions' : undefined}
              data-country={c.code ?? undefined}
              data-sessions={n}
              onPointerMove={(e) => track(e, code, c.name)}
              onClick={
                code && n > 0
                  ? () =>
                      navigate({
                        to: '.',
                        search: editFilters((f) => filterBy(f, 'country', code)),
                        resetScroll: false,
                      })
                  : undefined
              }
            />
          );
        })}
      </svg>
      {hover && (
        <div
          className="map-tooltip"
          style={{ left: hover.x, top: hover.y }}
          aria-hidden="true"
          data-testid="map-tooltip"
        >
          <strong>{hover.code ? countryName(hover.code) : hover.name}</strong>
          <span>{count > 0 ? `${formatInteger(count)} ${plural(count, 'session', 'sessions')}` : 'No sessions'}</span>
        </div>
      )}
    </div>
  );
}
