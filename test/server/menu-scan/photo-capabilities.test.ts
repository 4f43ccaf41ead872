// The scanner end to end on made-up photos of what real menus need: light text on a dark card or
// panel, a page turned a quarter or half, a photo tilted 5–15° or taken at a slant, two columns with
// descriptions, options set smaller or indented under an item, prices in rupees, ringgit, euros with a
// decimal comma, lira or no currency at all.
import { PHOTO_CASES } from '../../fixtures/menus/photo-cases';
import { describeMadeUpPhotos } from './made-up-photo-suite';

describeMadeUpPhotos('menu scan of made-up photos', PHOTO_CASES);
