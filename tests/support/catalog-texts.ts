import { provideTexts } from "../../app/lib/texts";
import { catalogTexts } from "../../server/i18n/catalog";

// Unit tests render components as the server does: from the catalog (app/lib/texts.ts).
provideTexts(catalogTexts);
